import type { LeadContact } from './model';

/**
 * Fixed vocabularies: the lookups the service answers (operations, currencies) and the words the
 * seeded inventory is made of.
 */
export const OPERATIONS = ['VENTA', 'ALQUILER', 'ALQUILER_TEMPORAL'] as const;

export const CURRENCIES = [
	{ codigoMoneda: 'USD', nombre: 'Dólar estadounidense' },
	{ codigoMoneda: 'ARS', nombre: 'Peso argentino' },
] as const;

export const PROPERTY_TYPES = [
	{ id: 1, name: 'Departamento' },
	{ id: 2, name: 'Casa' },
	{ id: 3, name: 'PH' },
	{ id: 4, name: 'Local' },
	{ id: 5, name: 'Oficina' },
	{ id: 6, name: 'Terreno' },
	{ id: 7, name: 'Cochera' },
] as const;

export const FEATURES = [
	'luminoso',
	'amplio',
	'reciclado',
	'a estrenar',
	'con balcón',
	'con pileta',
	'con cochera',
	'frente al parque',
	'con jardín',
	'al contrafrente',
] as const;

export const NEIGHBOURHOODS = [
	{ idUbicacion: '3001', name: 'Palermo', postal: 'C1425', lat: -34.5889, lon: -58.4301 },
	{ idUbicacion: '3002', name: 'Belgrano', postal: 'C1428', lat: -34.5627, lon: -58.4583 },
	{ idUbicacion: '3003', name: 'Recoleta', postal: 'C1113', lat: -34.5875, lon: -58.3974 },
	{ idUbicacion: '3004', name: 'Caballito', postal: 'C1405', lat: -34.6186, lon: -58.4416 },
	{ idUbicacion: '3005', name: 'Núñez', postal: 'C1429', lat: -34.5446, lon: -58.4636 },
	{ idUbicacion: '3006', name: 'Almagro', postal: 'C1172', lat: -34.6093, lon: -58.4208 },
	{ idUbicacion: '3007', name: 'Villa Urquiza', postal: 'C1431', lat: -34.5726, lon: -58.4878 },
	{ idUbicacion: '3008', name: 'San Telmo', postal: 'C1100', lat: -34.6212, lon: -58.3731 },
] as const;

export const STREETS = [
	'Av. Santa Fe',
	'Honduras',
	'Cabildo',
	'Av. Rivadavia',
	'Gorriti',
	'Arenales',
	'Defensa',
	'Av. Triunvirato',
] as const;

export const DEVELOPMENT_NAMES = [
	'Torre Alameda',
	'Edificio Los Aromos',
	'Residencias del Parque',
	'Altos de Núñez',
	'Terrazas de Belgrano',
	'Quartier Palermo',
] as const;

export const PUBLICATION_PLANS = ['SIMPLE', 'DESTACADO', 'SUPER_DESTACADO'] as const;

/** Lower case without accents: the form the title filter compares. */
export function searchable(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase();
}

/** The prospects of the leads the emulator makes on its own (activity, network history, bulk). */
export const PROSPECTS = [
	{ nombre: 'Lucía Fernández', email: 'lucia.fernandez@example.com', telefono: '+54 11 5555-0142' },
	{ nombre: 'Martín Gómez', email: 'martin.gomez@example.com', telefono: '+54 11 5555-0178' },
	{ nombre: 'Sofía Romero', email: 'sofia.romero@example.com', telefono: '+54 11 5555-0199' },
	{ nombre: 'Diego Álvarez', email: 'diego.alvarez@example.com', telefono: '+54 11 5555-0123' },
] as const;

/**
 * The n-th prospect, asking for a visit: the four above, then people of the same names with their
 * own e-mail and phone (a portal's leads come from many people; one person rarely makes two leads
 * on one ad within a second).
 */
export function prospect(n: number): LeadContact {
	const { nombre, email, telefono } = PROSPECTS[n % PROSPECTS.length];
	const round = Math.floor(n / PROSPECTS.length);
	return {
		anonymous: false,
		nombre,
		email: round === 0 ? email : email.replace('@', `.${round}@`),
		telefono:
			round === 0
				? telefono
				: `+54 11 6${String(round).padStart(3, '0').slice(-3)}-${telefono.slice(-4)}`,
		mensaje: 'Hola, ¿podemos coordinar una visita esta semana?',
		dni: null,
	};
}
