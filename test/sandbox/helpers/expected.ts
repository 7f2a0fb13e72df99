/** What the tests expect of delivered bodies, written once. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** fechaRegistro / fechaEvento: yyyy-MM-ddTHH:mm:ss.SSS-0300. */
export const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0300$/;

/**
 * The complete Spanish body of a CONTACTO_MENSAJE from a known prospect, edition `rela` (field
 * notes, "Lead bodies in five languages": the `arg` block plus userIdPlat and dni; and the
 * specification's `codigoInmobiliaria`, null).
 */
export function messageLeadBody(fields: {
	idEvento?: unknown;
	idPlat: number;
	agencyCode: string;
	referencia: string;
	nombre: string;
	email: string;
	telefono: string;
	mensaje: string;
	planDePublicacion: unknown;
	claveInterna: unknown;
	dni: string | null;
}) {
	return {
		idEvento: fields.idEvento ?? expect.stringMatching(UUID),
		tipoEvento: 'CONTACTO_MENSAJE',
		idMensaje: expect.any(Number),
		idTipoContacto: 1,
		idContacto: expect.any(Number),
		idPlat: fields.idPlat,
		codigoInmobiliaria: null,
		codigoCliente: fields.agencyCode,
		idAvisoPadre: null,
		codigoDesarrollo: null,
		referencia: fields.referencia,
		fechaRegistro: expect.stringMatching(ZONED),
		nombre: fields.nombre,
		email: fields.email,
		telefono: fields.telefono,
		mensaje: fields.mensaje,
		planDePublicacion: fields.planDePublicacion,
		claveInterna: fields.claveInterna,
		userIdPlat: expect.any(String),
		dni: fields.dni,
	};
}
