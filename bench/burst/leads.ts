/**
 * Leads made at the emulator for one scenario, each by a prospect of its own (its own e-mail): the
 * lead key is built from the ad, the second, the prospect and the kind, so two leads of one
 * prospect and kind on one ad within a second would be one lead. Half messages, half phone views.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { DEMO_INTERFACE, type SandboxClient } from '../../harness/n8n';

export interface MadeLead {
	/** The prospect's e-mail: one per lead, how rows are matched to leads on every side. */
	email: string;
	/** Its event id at the interface the side listens to. */
	idEvento: string;
	/** When it was asked of the emulator (epoch ms): its first delivery starts right after. */
	madeAt: number;
}

export interface LeadMaker {
	portal: SandboxClient;
	adId: number;
	/** Names the scenario in the prospects' e-mails. */
	tag: string;
}

export async function makeLead({ portal, adId, tag }: LeadMaker, n: number): Promise<MadeLead> {
	const email = `prospect.${tag}.${n}@example.com`;
	const madeAt = Date.now();
	const events = await portal.createLead(adId, {
		tipoEvento: n % 2 === 0 ? 'CONTACTO' : 'CONTACTO_MENSAJE',
		nombre: `Prospect ${tag} ${n}`,
		email,
		telefono: `+54 11 5${String(n).padStart(3, '0')}-0000`,
	});
	const event = events.find((one) => one.interfaceId === DEMO_INTERFACE);
	if (!event) throw new Error(`lead ${email} did not reach ${DEMO_INTERFACE}`);
	return { email, idEvento: event.idEvento, madeAt };
}

/** `size` leads paced evenly over one second. */
export async function burstOf(maker: LeadMaker, size: number): Promise<MadeLead[]> {
	return await Promise.all(
		Array.from({ length: size }, async (_, index) => {
			await sleep((index * 1_000) / size);
			return await makeLead(maker, index + 1);
		}),
	);
}

/** `count` leads one after the other at `perSecond`, numbered from `from + 1`. */
export async function streamOf(
	maker: LeadMaker,
	count: number,
	perSecond: number,
	from = 0,
): Promise<MadeLead[]> {
	const made: MadeLead[] = [];
	for (let index = 1; index <= count; index++) {
		made.push(await makeLead(maker, from + index));
		await sleep(1_000 / perSecond);
	}
	return made;
}
