/**
 * The lead bodies' field lists as the field notes publish them ("Published contract", "Lead bodies
 * in five languages"), copied here by hand as the test's oracle: the emulator builds its bodies in
 * sandbox/contract/leadBodies/ on its own, so a misreading on either side fails a test.
 * CONTACTO blocks are given for edition `rela`, CONTACTO_MENSAJE blocks for `arg`; the other
 * editions follow from the stated differences (`publishedFields` below). Beside them, the
 * specification's own lead event body (`SPECIFICATION_LEAD_FIELDS`), which Spanish bodies carry
 * whole (`deliveredFields`).
 */
export type Language = 'ES' | 'PT' | 'EN' | 'EN2' | 'EN_SF';
export type LeadEvent = 'CONTACTO' | 'CONTACTO_MENSAJE';
export type Edition = 'arg' | 'rela' | 'bra';

const CONTACTO_RELA: Record<Language, string[]> = {
	ES: [
		'idEvento',
		'tipoEvento',
		'idTipoContacto',
		'codigoCliente',
		'referencia',
		'fechaRegistro',
		'nombre',
		'email',
		'telefono',
		'mensaje',
		'planDePublicacion',
		'claveInterna',
		'userIdPlat',
		'dni',
	],
	PT: [
		'idEvento',
		'tipoEvento',
		'idTipoContacto',
		'codigoImobiliaria',
		'referencia',
		'dataRegistro',
		'nome',
		'email',
		'telefone',
		'mensagem',
		'planoDePublicacao',
		'idContato',
		'codigoInmobiliaria',
		'codigoDoAnunciante',
		'userIdPlat',
		'cpf',
	],
	EN: [
		'eventId',
		'eventType',
		'contactTypeId',
		'reference',
		'registerDate',
		'name',
		'email',
		'phone',
		'message',
		'publicationPlan',
		'contactId',
		'clientCode',
		'internalReference',
		'userIdPlat',
		'identificationId',
	],
	EN2: [
		'eventId',
		'eventType',
		'contactTypeId',
		'idPlatDevelopment',
		'developmentCode',
		'reference',
		'timestamp',
		'name',
		'email',
		'ddd',
		'phone',
		'phoneNumber',
		'internalReference',
		'leadOrigin',
		'originLeadId',
		'originListingId',
		'clientListingId',
		'userIdPlat',
		'identificationId',
	],
	EN_SF: ['token', 'id', 'txtNome', 'txtEmail', 'txtDdd', 'txtTelefone'],
};

const CONTACTO_MENSAJE_ARG: Record<Language, string[]> = {
	ES: [
		'idEvento',
		'tipoEvento',
		'idMensaje',
		'idTipoContacto',
		'idContacto',
		'idPlat',
		'codigoCliente',
		'idAvisoPadre',
		'codigoDesarrollo',
		'referencia',
		'fechaRegistro',
		'nombre',
		'email',
		'telefono',
		'mensaje',
		'planDePublicacion',
		'claveInterna',
	],
	PT: [
		'idEvento',
		'tipoEvento',
		'idMensagem',
		'idTipoContacto',
		'idContato',
		'idplat',
		'codigoImobiliaria',
		'idAnuncioPai',
		'codigoLancamento',
		'referencia',
		'dataRegistro',
		'nome',
		'email',
		'telefone',
		'mensagem',
		'planoDePublicacao',
		'codigoDoAnunciante',
	],
	EN: [
		'eventId',
		'eventType',
		'contactTypeId',
		'contactId',
		'idPlat',
		'clientCode',
		'idPlatDevelopment',
		'developmentCode',
		'reference',
		'registerDate',
		'name',
		'email',
		'phone',
		'message',
		'publicationPlan',
		'internalReference',
	],
	// "As for CONTACTO plus messageId and message" [S]: the arg form of the CONTACTO block.
	EN2: [
		...CONTACTO_RELA.EN2.filter((name) => name !== 'userIdPlat' && name !== 'identificationId'),
		'messageId',
		'message',
	],
	EN_SF: [
		'token',
		'id',
		'txtNome',
		'txtEmail',
		'txtDdd',
		'txtTelefone',
		'messageId',
		'txtMensagem',
	],
};

const NATIONAL_ID: Record<Language, string | null> = {
	ES: 'dni',
	PT: 'cpf',
	EN: 'identificationId',
	EN2: 'identificationId',
	EN_SF: null,
};

/**
 * The published field names of a body, sorted: "`rela` adds `userIdPlat` and `cpf` / `dni`; `bra` adds
 * `cpf` / `dni` / `identificationId` but not `userIdPlat`; `arg` has neither."
 */
export function publishedFields(language: Language, event: LeadEvent, edition: Edition): string[] {
	const nationalId = NATIONAL_ID[language];
	// English SF's complete `rela` block has neither: no edition adds a field to it.
	const additions =
		language === 'EN_SF'
			? []
			: [
					...(edition === 'rela' ? ['userIdPlat'] : []),
					...(edition !== 'arg' ? [nationalId!] : []),
				];
	const arg =
		event === 'CONTACTO'
			? CONTACTO_RELA[language].filter((name) => name !== 'userIdPlat' && name !== nationalId)
			: CONTACTO_MENSAJE_ARG[language];
	return [...arg, ...additions].sort();
}

/**
 * The specification's "Lead event body" table, in its order: every Spanish lead body carries each
 * of these, whatever the published block of its kind and edition omits.
 */
export const SPECIFICATION_LEAD_FIELDS = [
	'idEvento',
	'tipoEvento',
	'idMensaje',
	'idTipoContacto',
	'idContacto',
	'codigoInmobiliaria',
	'codigoCliente',
	'referencia',
	'fechaRegistro',
	'nombre',
	'email',
	'telefono',
	'mensaje',
] as const;

/** The field names a delivered body has, sorted: the published ones, and in Spanish the specification's too. */
export function deliveredFields(language: Language, event: LeadEvent, edition: Edition): string[] {
	const published = publishedFields(language, event, edition);
	if (language !== 'ES') return published;
	return [...new Set([...published, ...SPECIFICATION_LEAD_FIELDS])].sort();
}
