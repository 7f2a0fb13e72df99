/**
 * Realistic lead deliveries, as the emulator's own delivery code writes them (sandbox/eventBodies.ts,
 * Spanish field names), each with a fresh idEvento: our trigger drops a repeated one as a duplicate.
 */
import { randomUUID } from 'node:crypto';

import { leadBody, type LeadKind } from '../../sandbox/eventBodies';

const PEOPLE = [
	['María José Fernández', 'mjfernandez@correo.com.ar', '+54 11 4555-1234'],
	['Juan Pablo Gómez', 'jpgomez@gmail.com', '+54 9 11 6123-9876'],
	['Lucía Rodríguez Peña', 'lucia.rp@hotmail.com', '+54 11 4783-2210'],
	['Martín Álvarez', 'malvarez@empresa.com.ar', '+54 9 351 555-0198'],
];
const MESSAGES = [
	'Hola, me interesa el departamento. ¿Sigue disponible? ¿Aceptan mascotas?',
	'Buenas tardes, quisiera coordinar una visita para el sábado por la mañana.',
	'¿El precio incluye expensas? ¿Se puede financiar una parte en pesos?',
];

export interface AdReference {
	codigoAviso: string;
	idAvisoPlat: number;
}

/** The JSON body of lead number `index` on one of `ads` (messages and phone views alternate). */
export function leadDelivery(index: number, ads: AdReference[]): string {
	const [nombre, email, telefono] = PEOPLE[index % PEOPLE.length];
	const kind: LeadKind = index % 3 === 0 ? 'CONTACTO' : 'CONTACTO_MENSAJE';
	const ad = ads[index % ads.length];
	const body = leadBody({
		idEvento: randomUUID(),
		kind,
		referencia: ad.codigoAviso,
		ad: null,
		contact: {
			anonymous: index % 17 === 0,
			nombre,
			email,
			telefono,
			mensaje: MESSAGES[index % MESSAGES.length],
			dni: String(20_000_000 + ((index * 7919) % 25_000_000)),
		},
		idMensaje: kind === 'CONTACTO_MENSAJE' ? 900_000 + index : null,
		at: Date.now(),
	});
	return JSON.stringify(body);
}
