/**
 * Realistic lead deliveries, as the emulator's own delivery code writes them (sandbox/contract/,
 * Spanish bodies of the `rela` edition), each with a fresh idEvento: our trigger drops a repeated
 * one as a duplicate.
 */
import { randomUUID } from 'node:crypto';

import type { LeadKind } from '../../sandbox/contract/contactTypes';
import { leadBodyIn } from '../../sandbox/contract/leadBodies';
import { phoneParts } from '../../sandbox/contract/phone';

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
	const anonymous = index % 17 === 0;
	const body = leadBodyIn('ES', {
		idEvento: randomUUID(),
		kind,
		edition: 'rela',
		contactTypeId: kind === 'CONTACTO' ? 6 : 1,
		idMensaje: 900_000 + index,
		contactId: 70_000_000 + (index % PEOPLE.length),
		agencyCode: 'INMO-001',
		adCode: ad.codigoAviso,
		idAvisoPlat: ad.idAvisoPlat,
		idDesarrolloPlat: null,
		codigoDesarrollo: null,
		planDePublicacion: 'SIMPLE',
		claveInterna: null,
		registeredAt: Date.now(),
		name: anonymous ? 'ANONYMOUS' : nombre,
		email: anonymous ? '--' : email,
		phone: anonymous && kind === 'CONTACTO' ? null : phoneParts(telefono),
		message: kind === 'CONTACTO_MENSAJE' ? MESSAGES[index % MESSAGES.length] : null,
		nationalId: String(20_000_000 + ((index * 7919) % 25_000_000)),
		userIdPlat: `u***${index % 1000}`,
		leadOrigin: 'Imovelweb',
		formToken: 'bench',
		variant: {},
	});
	return JSON.stringify(body);
}
