/**
 * The two parties written apart (sandbox/contract from the field notes, nodes/shared/readEvent.ts
 * and eventFields.ts from the same notes by other hands) must agree: every body language the
 * emulator delivers, in every documentation edition, comes out of the trigger as one lead a person
 * can use. A misreading on either side fails here.
 */
import type { WebhookReceiver } from '../harness';
import { admin, associatedAd, bodiesAtThePortalIn, useTriggerSandbox } from './support';

const env = useTriggerSandbox();

const LANGUAGES = ['ES', 'PT', 'EN', 'EN2', 'EN_SF'] as const;
const EDITIONS = ['arg', 'rela', 'bra'] as const;

let receiver: WebhookReceiver;
let ad: { id: number; code: string };

beforeEach(async () => {
	receiver = await env.trigger();
	await receiver.trigger.activate();
	ad = await associatedAd(env.sandbox);
});

describe.each(EDITIONS)('edition %s', (edition) => {
	it.each(LANGUAGES)(
		'a message and a phone view in %s each come out as one readable lead',
		async (language) => {
			await admin(env.sandbox, 'PUT', '/__sandbox/interfaces/demo-les/edition', { edition });
			await bodiesAtThePortalIn(env.sandbox, language);
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
