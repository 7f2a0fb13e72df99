/**
 * Activity of its own (`SANDBOX_ACTIVITY=leads:1/min,ads:1/5min`): the emulator makes leads and ad
 * changes at a chosen rate, so a polling workflow in the demo shows life. Leads go to a random
 * online ad of each agency in turn, alternating messages and phone views (varied by the untidy
 * switches, untidyLeads.ts); ad changes cycle through
 * a modification, a baja and an alta, so the online inventory keeps its size. Occurrences are the
 * admin endpoints' own, so callbacks and the polling endpoint see them alike.
 */
import { modifyAd, changeState } from './admin/inventory';
import type { SandboxContext } from './context';
import { notifyLead } from './events';
import type { LeadKind } from './contract/contactTypes';
import { createRng } from './rng';
import { adsOfTick, leadsOfTick } from './untidyLeads';

export interface ActivityRates {
	/** Milliseconds between two leads; absent: none. */
	leadsEveryMs?: number;
	/** Milliseconds between two ad changes; absent: none. */
	adsEveryMs?: number;
}

const UNIT_MS: Record<string, number> = { s: 1_000, min: 60_000, h: 3_600_000 };

/** `leads:1/min,ads:1/5min` → intervals; throws a message naming the wrong part. */
export function parseActivity(text: string): ActivityRates {
	const rates: ActivityRates = {};
	for (const part of text
		.split(',')
		.map((p) => p.trim())
		.filter(Boolean)) {
		const match = /^(leads|ads):(\d+)\/(\d*)(s|min|h)$/.exec(part);
		const count = match ? Number(match[2]) : 0;
		if (!match || count === 0) {
			throw new Error(
				`"${part}" is not kind:count/period, e.g. leads:1/min or ads:2/5min (units s, min, h)`,
			);
		}
		const every = (Number(match[3] || '1') * UNIT_MS[match[4]]) / count;
		if (match[1] === 'leads') rates.leadsEveryMs = every;
		else rates.adsEveryMs = every;
	}
	return rates;
}

export interface Activity {
	/** One lead now (what each lead tick does). */
	lead(): void;
	/** One ad change now (what each ad tick does). */
	adChange(): void;
	stop(): void;
}

export function startActivity(ctx: SandboxContext, rates: ActivityRates, seed: number): Activity {
	const rng = createRng(seed ^ 0x5eed);
	let leads = 0;
	let changes = 0;
	const agencies = () => [...ctx.state.agencies.keys()];

	const lead = () => {
		const codes = agencies();
		const agency = codes[leads % codes.length];
		const online = ctx.state.onlineAds(agency);
		if (online.length === 0) return;
		const n = leads++;
		const kind: LeadKind = n % 2 === 0 ? 'CONTACTO_MENSAJE' : 'CONTACTO';
		const { settings } = ctx.untidy;
		const ad = rng.pick(adsOfTick(settings, n, online, ctx.state.interfacesLinkedTo(agency)));
		for (const planned of leadsOfTick(settings, n, kind, Date.now(), rng)) {
			notifyLead(ctx, ad, kind, planned.contact, planned);
		}
	};

	const adChange = () => {
		const agency = agencies()[0];
		const step = changes++ % 3;
		const online = ctx.state.onlineAds(agency);
		const offline = ctx.state.allAds(agency).filter((ad) => !ad.online);
		if (step === 0 && online.length > 0) {
			const ad = rng.pick(online);
			modifyAd(ctx, ad, { precio: Math.round(ad.precio * 0.97) });
		} else if (step === 1 && online.length > 0) {
			changeState(ctx, rng.pick(online), false);
		} else if (step === 2 && offline.length > 0) {
			changeState(ctx, rng.pick(offline), true);
		}
	};

	const timers = [
		rates.leadsEveryMs === undefined ? undefined : setInterval(lead, rates.leadsEveryMs),
		rates.adsEveryMs === undefined ? undefined : setInterval(adChange, rates.adsEveryMs),
	];
	for (const timer of timers) timer?.unref();
	return {
		lead,
		adChange,
		stop: () => timers.forEach((timer) => timer && clearInterval(timer)),
	};
}
