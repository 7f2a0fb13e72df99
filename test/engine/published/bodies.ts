/**
 * Lead bodies as the portal publishes them (../shared/spec/field-notes.md, "Published contract"),
 * written here field by field from those lists: never through the package's alias table, so that
 * a misreading on either side fails a test. One body per language × lead event × edition.
 *
 * Editions: `arg` lists neither the prospect's masked id nor a national id; `rela` adds `userIdPlat`
 * and the national id; `bra` the national id (`cpf` / `dni` / `identificationId`) only.
 */

export type Language = 'ES' | 'PT' | 'EN' | 'EN2' | 'EN_SF';
export type LeadEvent = 'CONTACTO' | 'CONTACTO_MENSAJE';
export type Edition = 'arg' | 'rela' | 'bra';

export const LANGUAGES: Language[] = ['ES', 'PT', 'EN', 'EN2', 'EN_SF'];
export const LEAD_EVENTS: LeadEvent[] = ['CONTACTO', 'CONTACTO_MENSAJE'];
export const EDITIONS: Edition[] = ['arg', 'rela', 'bra'];

/** What every body below says, in its own field names. */
export const LEAD = {
	name: 'Ana Souza',
	email: 'ana.souza@example.com',
	/** The number as the Spanish, Portuguese and English blocks write it (area code included). */
	phone: '11 98765-4321',
	areaCode: '11',
	localNumber: '987654321',
	message: 'Ainda está disponível?',
	adCode: 'DEMO-0001',
	platformAdId: 54000001,
	registered: '2024-05-14T10:31:07.123-0300',
	registeredIso: '2024-05-14T10:31:07.123-03:00',
	agencyCode: 'INMO-001',
	contactId: 777001,
	nationalId: '123.456.789-09',
	prospectId: 'u-5f3a',
	internalCode: 'INT-55',
	developmentId: 40123,
	developmentCode: 'DES-7',
	plan: 'SIMPLE',
};

const eventIdOf = (language: Language, event: LeadEvent, edition: Edition) =>
	`${edition}-${language}-${event}-0001`.toLowerCase();

/** Each edition's messages are other messages: their ids differ. */
export const messageIdOf = (edition: Edition) => 9001 + EDITIONS.indexOf(edition);

/** CONTACTO: edition rela's complete blocks; CONTACTO_MENSAJE: edition arg's (and the [S] tails). */
function publishedBlock(
	language: Language,
	event: LeadEvent,
	edition: Edition,
): Record<string, unknown> {
	const eventId = eventIdOf(language, event, edition);
	const messageId = messageIdOf(edition);
	const message = event === 'CONTACTO_MENSAJE';
	const contactTypeId = message ? 1 : 6;
	switch (language) {
		case 'ES':
			return message
				? {
						idEvento: eventId,
						tipoEvento: event,
						idMensaje: messageId,
						idTipoContacto: contactTypeId,
						idContacto: LEAD.contactId,
						idPlat: LEAD.platformAdId,
						codigoCliente: LEAD.agencyCode,
						idAvisoPadre: LEAD.developmentId,
						codigoDesarrollo: LEAD.developmentCode,
						referencia: LEAD.adCode,
						fechaRegistro: LEAD.registered,
						nombre: LEAD.name,
						email: LEAD.email,
						telefono: LEAD.phone,
						mensaje: LEAD.message,
						planDePublicacion: LEAD.plan,
						claveInterna: LEAD.internalCode,
					}
				: {
						idEvento: eventId,
						tipoEvento: event,
						idTipoContacto: contactTypeId,
						codigoCliente: LEAD.agencyCode,
						referencia: LEAD.adCode,
						fechaRegistro: LEAD.registered,
						nombre: LEAD.name,
						email: LEAD.email,
						telefono: LEAD.phone,
						mensaje: null,
						planDePublicacion: LEAD.plan,
						claveInterna: LEAD.internalCode,
					};
		case 'PT':
			return message
				? {
						idEvento: eventId,
						tipoEvento: event,
						idMensagem: messageId,
						idTipoContacto: contactTypeId,
						idContato: LEAD.contactId,
						idplat: LEAD.platformAdId,
						codigoImobiliaria: LEAD.agencyCode,
						idAnuncioPai: LEAD.developmentId,
						codigoLancamento: LEAD.developmentCode,
						referencia: LEAD.adCode,
						dataRegistro: LEAD.registered,
						nome: LEAD.name,
						email: LEAD.email,
						telefone: LEAD.phone,
						mensagem: LEAD.message,
						planoDePublicacao: LEAD.plan,
						codigoDoAnunciante: LEAD.internalCode,
					}
				: {
						idEvento: eventId,
						tipoEvento: event,
						idTipoContacto: contactTypeId,
						codigoImobiliaria: LEAD.agencyCode,
						referencia: LEAD.adCode,
						dataRegistro: LEAD.registered,
						nome: LEAD.name,
						email: LEAD.email,
						telefone: LEAD.phone,
						mensagem: null,
						planoDePublicacao: LEAD.plan,
						idContato: LEAD.contactId,
						codigoInmobiliaria: LEAD.agencyCode,
						codigoDoAnunciante: LEAD.internalCode,
					};
		case 'EN':
			return message
				? {
						eventId,
						eventType: event,
						contactTypeId,
						contactId: LEAD.contactId,
						idPlat: LEAD.platformAdId,
						clientCode: LEAD.agencyCode,
						idPlatDevelopment: LEAD.developmentId,
						developmentCode: LEAD.developmentCode,
						reference: LEAD.adCode,
						registerDate: LEAD.registered,
						name: LEAD.name,
						email: LEAD.email,
						phone: LEAD.phone,
						message: LEAD.message,
						publicationPlan: LEAD.plan,
						internalReference: LEAD.internalCode,
					}
				: {
						eventId,
						eventType: event,
						contactTypeId,
						reference: LEAD.adCode,
						registerDate: LEAD.registered,
						name: LEAD.name,
						email: LEAD.email,
						phone: LEAD.phone,
						message: null,
						publicationPlan: LEAD.plan,
						contactId: LEAD.contactId,
						clientCode: LEAD.agencyCode,
						internalReference: LEAD.internalCode,
					};
		case 'EN2':
			return {
				eventId,
				eventType: event,
				contactTypeId,
				idPlatDevelopment: LEAD.developmentId,
				developmentCode: LEAD.developmentCode,
				reference: LEAD.adCode,
				timestamp: LEAD.registered,
				name: LEAD.name,
				email: LEAD.email,
				ddd: LEAD.areaCode,
				phone: LEAD.localNumber,
				phoneNumber: `${LEAD.areaCode}${LEAD.localNumber}`,
				internalReference: LEAD.internalCode,
				leadOrigin: 'Imovelweb',
				originLeadId: LEAD.contactId,
				originListingId: LEAD.platformAdId,
				clientListingId: LEAD.adCode,
				...(message && { messageId: messageId, message: LEAD.message }),
			};
		case 'EN_SF':
			return {
				token: `b7c1e0-${edition}`,
				id: LEAD.contactId,
				txtNome: LEAD.name,
				txtEmail: LEAD.email,
				txtDdd: LEAD.areaCode,
				txtTelefone: Number(LEAD.localNumber),
				...(message && { messageId: messageId, txtMensagem: LEAD.message }),
			};
	}
}

/** The national id's name in each language's block. */
const NATIONAL_ID_NAME: Record<Language, string | null> = {
	ES: 'dni',
	PT: 'cpf',
	EN: 'identificationId',
	EN2: 'identificationId',
	EN_SF: null,
};

export function publishedBody(
	language: Language,
	event: LeadEvent,
	edition: Edition,
): Record<string, unknown> {
	const body = publishedBlock(language, event, edition);
	const idName = NATIONAL_ID_NAME[language];
	const hasProspect = language !== 'EN_SF';
	if (edition !== 'arg' && idName) body[idName] = LEAD.nationalId;
	if (edition === 'rela' && hasProspect) body.userIdPlat = LEAD.prospectId;
	if (edition !== 'rela') delete body.userIdPlat;
	return body;
}

export const ALL_BODIES = LANGUAGES.flatMap((language) =>
	LEAD_EVENTS.flatMap((event) =>
		EDITIONS.map((edition) => ({
			language,
			event,
			edition,
			body: publishedBody(language, event, edition),
		})),
	),
);

/** What each language's bodies cannot say (docs/portal-api.md, "What each body language fills"). */
export const UNKNOWN_IN: Record<Language, readonly string[]> = {
	ES: [],
	PT: [],
	EN: [],
	EN2: ['agencyCode'],
	EN_SF: ['adCode', 'registeredAt', 'agencyCode', 'contactTypeId'],
};
