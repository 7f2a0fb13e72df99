import { useSandbox } from './helpers/sandbox';

const fx = useSandbox();

/** Field notes, "Contact types": the seven kinds integrators list. */
const SEVEN = [
	{ id: 1, tipo: 'CONSULTA' },
	{ id: 2, tipo: 'QUE_ME_LLAMEN' },
	{ id: 3, tipo: 'AGENDAR_VISITA' },
	{ id: 6, tipo: 'DATOS_ANUNCIANTE' },
	{ id: 10, tipo: 'DATOS_ANUNCIANTE_WHATSAPP' },
	{ id: 12, tipo: 'TASACION' },
	{ id: 15, tipo: 'AGENDAR_VISITA_CRONUT' },
];

describe('contact-type catalogue', () => {
	it.each([['/v1/contatos/acoes'], ['/v1/contactos/acciones']])(
		'GET %s answers the seven types as [{id, tipo}]',
		async (path) => {
			const answer = await fx.les.get(path);
			expect(answer.status).toBe(200);
			expect(answer.json).toEqual(SEVEN);
		},
	);

	it('needs the access token', async () => {
		const answer = await fx.anonymous.get('/v1/contatos/acoes');
		expect(answer.status).toBe(401);
		expect(answer.json.code).toBe('invalid_token');
	});
});
