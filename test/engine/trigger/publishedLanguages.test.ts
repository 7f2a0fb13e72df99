/**
 * The two parties written apart (sandbox/contract from the field notes, nodes/shared/readEvent.ts
 * and eventFields.ts from the same notes by other hands) must agree: every body language the
 * emulator delivers, in every documentation edition, comes out of the trigger as one lead a person
 * can use. A misreading on either side fails here.
 */
import type { IDataObject } from 'n8n-workflow';
import type { WebhookReceiver } from '../harness';
import { admin, useTriggerSandbox } from './support';

const env = useTriggerSandbox();

const LANGUAGES = ['ES', 'PT', 'EN', 'EN2', 'EN_SF'] as const;
const EDITIONS = ['arg', 'rela', 'bra'] as const;

/** Someone sets the callback's body language at the portal, the rest unchanged. */
async function bodiesIn(language: string): Promise<void> {
	const url = `${env.sandbox.url}/v1/configuracion/callbacks?access_token=demo-les-token`;
	const configuration = (await (await fetch(url)).json()) as IDataObject;
	const answer = await fetch(url, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ ...configuration, lenguajeCallbackBody: language }),
	});
	expect(answer.status).toBe(204);
}

async function associatedAd(): Promise<{ id: number; code: string }> {
	const state = (await admin(env.sandbox, 'GET', '/__sandbox/interfaces/demo-les')).json as {
		associations: Array<{ idAvisoPlat: number; codigoAviso: string }>;
	};
	const online = (await admin(env.sandbox, 'GET', '/__sandbox/agencies/INMO-001/ads?online=true'))
		.json as Array<{ idAvisoPlat: number }>;
	const found = state.associations.find((a) =>
		online.some((ad) => ad.idAvisoPlat === a.idAvisoPlat),
	)!;
	return { id: found.idAvisoPlat, code: found.codigoAviso };
}

let receiver: WebhookReceiver;
let ad: { id: number; code: string };

beforeEach(async () => {
	receiver = await env.trigger();
	await receiver.trigger.activate();
	ad = await associatedAd();
});

describe.each(EDITIONS)('edition %s', (edition) => {
	it.each(LANGUAGES)(
		'a message and a phone view in %s each come out as one readable lead',
		async (language) => {
			await admin(env.sandbox, 'PUT', '/__sandbox/interfaces/demo-les/edition', { edition });
			await bodiesIn(language);
			const contact = {
				nombre: 'Ana Pérez',
				email: 'ana@example.com',
				telefono: '+54 11 5555-0101',
			};
			for (const tipoEvento of ['CONTACTO_MENSAJE', 'CONTACTO']) {
				const answer = await admin(env.sandbox, 'POST', `/__sandbox/ads/${ad.id}/leads`, {
					tipoEvento,
					mensaje: '¿Sigue disponible?',
					...contact,
				});
				expect(answer.status).toBe(200);
			}
			const received = await receiver.waitForReceived(2);

			expect(received.map((one) => one.status)).toEqual([200, 200]);
			const [message, phoneView] = received.map((one) => one.items.map((item) => item.json));
			const both = [message, phoneView];
			expect(both.map((items) => items.length)).toEqual([1, 1]);
			const sf = language === 'EN_SF';
			for (const [lead] of both) {
				expect(lead).toMatchObject({ name: contact.nombre, email: contact.email });
				expect(String(lead.phone).replace(/\D/g, '')).toContain('55550101');
				// English SF carries no ad code, no instant and no contact type (docs/portal-api.md).
				expect(lead.adCode).toBe(sf ? null : ad.code);
				if (!sf) expect(Date.parse(lead.registeredAt as string)).not.toBeNaN();
				if (!sf) expect(lead.contactType).toEqual(expect.any(String));
				if (!sf) expect(lead.contactType).not.toMatch(/^type /);
			}
			expect(message[0].message).toBe('¿Sigue disponible?');
		},
	);
});
