/**
 * The one alias table of field names in callback bodies and lead lists: for each field (keyed by
 * its Spanish name, the service's, or its English name when it has no Spanish one), its name in
 * every published body language and edition (docs/portal-api.md, "Lead bodies in five
 * languages"), in the lead list's recorded shape, and every name this package read before.
 * Adding a name seen in production means adding it here only.
 *
 * The specification writes the platform's name inside some identifiers as the neutral token
 * `Plat` (`idPlat`, `userIdPlat`, `idPlatDevelopment`, `idAvisoPlat`); so does this table.
 */

/** Every body language the portal publishes (`lenguajeCallbackBody`; EN2 and EN_SF as integrators write them). */
export const BODY_LANGUAGES = ['ES', 'PT', 'EN', 'EN2', 'EN_SF'] as const;
export type BodyLanguage = (typeof BODY_LANGUAGES)[number];

type Names = string | readonly string[];

interface FieldNames {
	ES?: Names;
	PT?: Names;
	EN?: Names;
	EN2?: Names;
	EN_SF?: Names;
	/** The lead list's recorded item shape. */
	list?: Names;
	/**
	 * The English and Portuguese names this package (and its emulator) wrote before the published
	 * ones were known: still read, and what `translateBody` writes until the emulator writes its own.
	 */
	before?: readonly [string, string];
}

export const EVENT_FIELDS = {
	idEvento: {
		ES: 'idEvento',
		PT: 'idEvento',
		EN: 'eventId',
		EN2: 'eventId',
		before: ['eventId', 'idEvento'],
	},
	tipoEvento: {
		ES: 'tipoEvento',
		PT: 'tipoEvento',
		EN: 'eventType',
		EN2: 'eventType',
		before: ['eventType', 'tipoEvento'],
	},
	idMensaje: {
		ES: 'idMensaje',
		PT: 'idMensagem',
		EN: 'messageId',
		EN2: 'messageId',
		EN_SF: 'messageId',
		list: 'idMensaje',
		before: ['messageId', 'idMensagem'],
	},
	idTipoContacto: {
		ES: 'idTipoContacto',
		PT: 'idTipoContacto',
		EN: 'contactTypeId',
		EN2: 'contactTypeId',
		list: 'idContactoAccion',
		before: ['contactTypeId', 'idTipoContato'],
	},
	// English SF's `id` is the contact; read in that language only (elsewhere `id` is something else).
	idContacto: {
		ES: 'idContacto',
		PT: 'idContato',
		EN: 'contactId',
		EN2: 'originLeadId',
		EN_SF: 'id',
		list: 'idContacto',
		before: ['contactId', 'idContato'],
	},
	codigoInmobiliaria: {
		ES: 'codigoInmobiliaria',
		PT: ['codigoImobiliaria', 'codigoInmobiliaria'],
		before: ['agencyCode', 'codigoImobiliaria'],
	},
	codigoCliente: {
		ES: 'codigoCliente',
		EN: 'clientCode',
		before: ['clientCode', 'codigoCliente'],
	},
	referencia: {
		ES: 'referencia',
		PT: 'referencia',
		EN: 'reference',
		EN2: ['reference', 'clientListingId'],
		before: ['reference', 'referencia'],
	},
	fechaRegistro: {
		ES: 'fechaRegistro',
		PT: 'dataRegistro',
		EN: 'registerDate',
		EN2: 'timestamp',
		list: 'fecha',
		before: ['registrationDate', 'dataRegistro'],
	},
	nombre: {
		ES: 'nombre',
		PT: 'nome',
		EN: 'name',
		EN2: 'name',
		EN_SF: 'txtNome',
		list: 'nombre',
		before: ['name', 'nome'],
	},
	email: {
		ES: 'email',
		PT: 'email',
		EN: 'email',
		EN2: 'email',
		EN_SF: 'txtEmail',
		list: 'email',
		before: ['email', 'email'],
	},
	telefono: {
		ES: 'telefono',
		PT: 'telefone',
		EN: 'phone',
		EN2: 'phone',
		EN_SF: 'txtTelefone',
		list: 'telefono',
		before: ['phone', 'telefone'],
	},
	/** Area code (DDD). */
	ddd: { EN2: 'ddd', EN_SF: 'txtDdd' },
	/** Area code and number in one. */
	phoneNumber: { EN2: 'phoneNumber' },
	mensaje: {
		ES: 'mensaje',
		PT: 'mensagem',
		EN: 'message',
		EN2: 'message',
		EN_SF: 'txtMensagem',
		list: 'textoMensaje',
		before: ['message', 'mensagem'],
	},
	/** The development's platform id. */
	idAvisoPadre: {
		ES: 'idAvisoPadre',
		PT: 'idAnuncioPai',
		EN: 'idPlatDevelopment',
		EN2: 'idPlatDevelopment',
		before: ['parentAdId', 'idAnuncioPai'],
	},
	codigoDesarrollo: {
		ES: 'codigoDesarrollo',
		PT: 'codigoLancamento',
		EN: 'developmentCode',
		EN2: 'developmentCode',
		before: ['developmentCode', 'codigoLancamento'],
	},
	planDePublicacion: {
		ES: 'planDePublicacion',
		PT: 'planoDePublicacao',
		EN: 'publicationPlan',
		before: ['publicationPlan', 'planoDePublicacao'],
	},
	/** The advertiser's own code of the ad. */
	claveInterna: {
		ES: 'claveInterna',
		PT: 'codigoDoAnunciante',
		EN: 'internalReference',
		EN2: 'internalReference',
		before: ['internalKey', 'chaveInterna'],
	},
	/** A national id (DNI, CPF): personal data. */
	dni: {
		ES: 'dni',
		PT: 'cpf',
		EN: 'identificationId',
		EN2: 'identificationId',
		before: ['nationalId', 'documento'],
	},
	/** The ad's platform id. */
	idAvisoPlat: {
		ES: 'idPlat',
		PT: 'idplat',
		EN: 'idPlat',
		EN2: 'originListingId',
		list: 'idAvisoPlat',
		before: ['platformAdId', 'idAnuncioPlat'],
	},
	/** A masked id of the prospect. */
	userIdPlat: { ES: 'userIdPlat', PT: 'userIdPlat', EN: 'userIdPlat', EN2: 'userIdPlat' },
	/** Which portal of the group the lead came from. */
	leadOrigin: { EN2: 'leadOrigin' },
	/** English SF's opaque form token: known, and not part of the flat lead. */
	token: { EN_SF: 'token' },
	// Envelope fields of ad and credit events (their bodies are not public).
	codigoAviso: {
		ES: 'codigoAviso',
		list: 'codigoAviso',
		before: ['adCode', 'codigoAnuncio'],
	},
	codigoEmpresa: {
		ES: 'codigoEmpresa',
		before: ['companyCode', 'codigoEmpresa'],
	},
	fechaEvento: {
		ES: 'fechaEvento',
		before: ['eventDate', 'dataEvento'],
	},
	accion: { ES: 'accion', before: ['action', 'acao'] },
	estadoPublicacion: {
		ES: 'estadoPublicacion',
		before: ['publicationState', 'estadoPublicacao'],
	},
	calidad: { ES: 'calidad', before: ['quality', 'qualidade'] },
	status: { ES: 'status', before: ['status', 'status'] },
	siteId: { ES: 'siteId', before: ['siteId', 'siteId'] },
} as const satisfies Record<string, FieldNames>;

export type CanonicalField = keyof typeof EVENT_FIELDS;

type NameSource = Exclude<keyof FieldNames, 'before'>;

const asList = (names: Names | undefined): readonly string[] =>
	names === undefined ? [] : typeof names === 'string' ? [names] : names;

const namesOf = (field: CanonicalField, source: NameSource): readonly string[] =>
	asList((EVENT_FIELDS[field] as FieldNames)[source]);

const ALL_FIELDS = Object.keys(EVENT_FIELDS) as CanonicalField[];

/** Names read in the language that writes them only (English SF's `id`). */
const ONLY_IN_OWN_LANGUAGE = new Set(['id']);

/** Where each name is published: the body languages that write it. */
const languagesOfName = new Map<string, BodyLanguage[]>();
for (const field of ALL_FIELDS) {
	for (const language of BODY_LANGUAGES) {
		for (const name of namesOf(field, language)) {
			const known = languagesOfName.get(name) ?? [];
			if (!known.includes(language)) languagesOfName.set(name, [...known, language]);
		}
	}
}

/**
 * The body language a body is written in, from its own field names: each name counts for the
 * languages that publish it, a name only one language writes counting most. `hint` (the configured
 * language) settles a tie. Null when no name is one of a published language.
 */
export function detectBodyLanguage(
	body: Record<string, unknown>,
	hint?: string | null,
): BodyLanguage | null {
	const score = new Map<BodyLanguage, number>();
	for (const name of Object.keys(body)) {
		const languages = languagesOfName.get(name) ?? [];
		for (const language of languages)
			score.set(language, (score.get(language) ?? 0) + 1 / languages.length);
	}
	let best: BodyLanguage | null = null;
	for (const language of BODY_LANGUAGES) {
		const points = score.get(language) ?? 0;
		if (points === 0) continue;
		const bestPoints = best === null ? 0 : (score.get(best) ?? 0);
		if (points > bestPoints + 1e-9 || (Math.abs(points - bestPoints) < 1e-9 && language === hint))
			best = language;
	}
	return best;
}

/** A field's every name: any language's, the lead list's, and those read before. */
const everyNameOf = (field: CanonicalField): string[] => [
	...[...BODY_LANGUAGES, 'list' as const].flatMap((source) => namesOf(field, source)),
	...((EVENT_FIELDS[field] as FieldNames).before ?? []),
];

/** Every name a field is read under, those of `language` first. */
function readingOrder(field: CanonicalField, language: BodyLanguage | null): string[] {
	const first = language === null ? [] : namesOf(field, language);
	const rest = everyNameOf(field).filter((name) => !ONLY_IN_OWN_LANGUAGE.has(name));
	return [...new Set([...first, ...rest])];
}

const NAMES_BY_LANGUAGE = new Map(
	[null, ...BODY_LANGUAGES].map((language) => [
		language,
		new Map(ALL_FIELDS.map((field) => [field, readingOrder(field, language)])),
	]),
);

/** A body read through the table. */
export interface ReadFields {
	/** Its fields under their canonical names; names the table does not know under their own. */
	fields: Record<string, unknown>;
	/** For each canonical field read, the name the body carried it under. */
	deliveredNames: Record<string, string>;
	/** The body's names the table does not know, in the body's order. */
	unknownNames: string[];
}

/** Every name the table knows. */
const KNOWN_NAMES = new Set(ALL_FIELDS.flatMap(everyNameOf));

/**
 * Reads a body's fields under their canonical names (the keys of EVENT_FIELDS), in `language`
 * first; a field's first name with a value (not null) wins. Names the table does not know are
 * kept under their own name; a known name is never kept twice.
 */
export function readFields(
	body: Record<string, unknown>,
	language: BodyLanguage | null,
): ReadFields {
	const names = NAMES_BY_LANGUAGE.get(language)!;
	const fields: Record<string, unknown> = {};
	const deliveredNames: Record<string, string> = {};
	const used = new Set<string>();
	for (const [field, candidates] of names) {
		const present = candidates.filter((name) => Object.hasOwn(body, name));
		if (present.length === 0) continue;
		for (const name of present) used.add(name);
		const withValue = present.find((name) => body[name] !== null && body[name] !== undefined);
		deliveredNames[field] = withValue ?? present[0];
		fields[field] = body[deliveredNames[field]];
	}
	for (const [name, value] of Object.entries(body)) {
		if (!used.has(name) && !Object.hasOwn(fields, name)) fields[name] = value;
	}
	const unknownNames = Object.keys(body).filter((name) => !KNOWN_NAMES.has(name));
	return { fields, deliveredNames, unknownNames };
}

/** Every name of the national id (DNI, CPF: personal data) the table knows, in lower case. */
const NATIONAL_ID_NAMES = new Set(readingOrder('dni', null).map((name) => name.toLowerCase()));

/**
 * A JSON value without the national id: every property named as the table names it (any case), at
 * any depth. The value itself is left as it is; a copy is made only when there is one to remove.
 * Walked without recursion: a body may nest deeper than the call stack.
 */
export function withoutNationalId<T>(value: T): T {
	if (!holdsNationalId(value)) return value;
	const root: object = Array.isArray(value) ? [] : {};
	const stack: Array<[source: object, target: object]> = [[value as object, root]];
	while (stack.length > 0) {
		const [source, target] = stack.pop()!;
		const isList = Array.isArray(source);
		for (const [key, child] of Object.entries(source)) {
			if (!isList && NATIONAL_ID_NAMES.has(key.toLowerCase())) continue;
			let copy: unknown = child;
			if (typeof child === 'object' && child !== null) {
				copy = Array.isArray(child) ? [] : {};
				stack.push([child, copy as object]);
			}
			// An own property even for "__proto__", which a JSON body may carry.
			Object.defineProperty(target, key, {
				value: copy,
				enumerable: true,
				writable: true,
				configurable: true,
			});
		}
	}
	return root as T;
}

function holdsNationalId(value: unknown): boolean {
	const stack: unknown[] = [value];
	while (stack.length > 0) {
		const next = stack.pop();
		if (typeof next !== 'object' || next === null) continue;
		const isList = Array.isArray(next);
		for (const [key, child] of Object.entries(next)) {
			if (!isList && NATIONAL_ID_NAMES.has(key.toLowerCase())) return true;
			stack.push(child);
		}
	}
	return false;
}
