/**
 * The load of the exactly-once suites: distinct leads made on ads associated to both demo interfaces
 * (each lead is one delivery per interface, with its own event id), `concurrency` of them in
 * flight, while the emulator repeats some deliveries and interruptions (an n8n restart, a killed
 * worker) happen part-way through; then late repeats of saved deliveries, byte for byte.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { DeliveryAttempt, Sandbox } from '../../../sandbox';
import type { SandboxClient } from '../../e2e/support';
import { STORM } from './storm';

export interface Interruption {
	/** Happens when this many leads have been made; the leads go on being made meanwhile. */
	afterLeads: number;
	what: string;
	run(): Promise<void>;
}

export interface StormOptions {
	sandbox: Sandbox;
	portal: SandboxClient;
	/** Ads associated to both interfaces; leads go to them in turn. */
	ads: number[];
	leads: number;
	concurrency: number;
	interruptions?: Interruption[];
}

export interface Storm {
	/** Event ids per receiving interface, in the order the leads were made. */
	eventIds: Map<string, string[]>;
	/**
	 * The leads each interface was told of, by their prospect's e-mail (one per lead): how a
	 * destination's row is told whichever path wrote it (the callback's event id, or the list).
	 */
	emails: Map<string, string[]>;
	/** What happened, with the time it took, in order. */
	log: string[];
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(50);
	}
}

/**
 * Makes the leads, each lane waiting until its lead's deliveries are over (answered with success,
 * or given up) before the next one: `concurrency` leads are in flight at any time, also while n8n is
 * down, as when prospects keep writing at their pace during an outage.
 */
export async function leadStorm(options: StormOptions): Promise<Storm> {
	const { sandbox, portal, ads, leads, concurrency } = options;
	const eventIds = new Map<string, string[]>();
	const emails = new Map<string, string[]>();
	const log: string[] = [];
	// Written as it happens too: a run that fails half-way still says how far it got.
	const note = (line: string) => {
		log.push(line);
		process.stdout.write(`storm: ${line}\n`);
	};
	const over = new Set<string>();
	let read = 0;
	const pending = [...(options.interruptions ?? [])].sort((a, b) => a.afterLeads - b.afterLeads);
	const running: Array<Promise<void>> = [];
	const started = Date.now();
	let next = 0;

	const interruptIfDue = (made: number) => {
		while (pending.length > 0 && pending[0].afterLeads <= made) {
			const interruption = pending.shift()!;
			const at = Date.now();
			note(`${interruption.what} after ${made} leads (${Math.round((at - started) / 1000)} s)`);
			running.push(
				interruption.run().then(() => {
					note(`${interruption.what}: done in ${Math.round((Date.now() - at) / 1000)} s`);
				}),
			);
		}
	};

	const lane = async () => {
		while (next < leads) {
			const index = next++;
			interruptIfDue(index);
			const email = `prospect${index + 1}@example.com`;
			const made = await portal.lead(ads[index % ads.length], {
				tipoEvento: index % 2 === 0 ? 'CONTACTO_MENSAJE' : 'CONTACTO',
				nombre: `Prospect ${index + 1}`,
				email,
			});
			for (const event of made.events) {
				eventIds.set(event.interfaceId, [
					...(eventIds.get(event.interfaceId) ?? []),
					event.idEvento,
				]);
				emails.set(event.interfaceId, [...(emails.get(event.interfaceId) ?? []), email]);
			}
			await until(
				() => {
					// Only the records added since the last look: the list grows to thousands.
					const records = sandbox.deliveries();
					for (; read < records.length; read++) {
						const record = records[read];
						// Its first copy answered with success, or every attempt of it made.
						if (!record.duplicate && (record.outcome === 'success' || record.final))
							over.add(record.idEvento);
					}
					return made.events.every((event) => over.has(event.idEvento));
				},
				1_800_000,
				'the deliveries of a lead',
			);
		}
	};
	await Promise.all(Array.from({ length: concurrency }, lane));
	await Promise.all(running);
	note(`${leads} leads made in ${Math.round((Date.now() - started) / 1000)} s`);
	return { eventIds, emails, log };
}

/**
 * How many times a late repeat answered 503 with Retry-After, or not answered in time, is sent
 * again, as the portal does.
 */
const DEFERRED_RETRIES = 10;
/** The suites' portal hangs up on an answer slower than this, and sends the delivery again. */
const ANSWER_WITHIN_MS = STORM.sandbox.deliveryTimeoutMs;
/** When a delivery not answered in time is sent again. */
const AGAIN_AFTER_MS = 2_000;

/**
 * One saved delivery sent again byte for byte, as the portal does: a connection closed before any
 * answer (a keep-alive connection the balancer had just closed) is tried again, up to 3 times; an
 * answer 503 with Retry-After (the trigger deferring a lead while n8n is busy) is sent again when
 * it says, and one not given within the portal's time 2 s later. Answers the last status (0: never
 * answered in time).
 */
async function sendAgain(delivery: DeliveryAttempt): Promise<number> {
	let closed = 0;
	for (let deferred = 0; ; ) {
		let status: number;
		let retryAfter: string | null;
		try {
			const response = await fetch(delivery.url, {
				method: 'POST',
				headers: delivery.headers,
				body: JSON.stringify(delivery.body),
				signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
			});
			await response.arrayBuffer();
			status = response.status;
			retryAfter = response.headers.get('retry-after');
		} catch (error) {
			if ((error as Error).name === 'TimeoutError') {
				if (++deferred > DEFERRED_RETRIES) return 0;
				await sleep(AGAIN_AFTER_MS);
			} else if (++closed === 3)
				throw new Error(`POST ${delivery.url}: ${(error as Error).message}`);
			continue;
		}
		if (status !== 503 || retryAfter === null || ++deferred > DEFERRED_RETRIES) return status;
		await sleep(Number(retryAfter) * 1_000);
	}
}

/**
 * Sends `count` saved deliveries again, byte for byte, `concurrency` at a time: one per event, the
 * first successful delivery of every `events.length / count`-th event. Answers the HTTP statuses.
 */
export async function lateRepeats(
	sandbox: Sandbox,
	events: string[],
	count: number,
	concurrency: number,
): Promise<number[]> {
	const firstSuccess = new Map(
		sandbox
			.deliveries()
			.filter((delivery) => delivery.outcome === 'success' && !delivery.duplicate)
			.map((delivery) => [delivery.idEvento, delivery]),
	);
	const step = Math.max(1, Math.floor(events.length / count));
	const chosen = events
		.filter((_id, index) => index % step === 0)
		.slice(0, count)
		.map((id) => firstSuccess.get(id))
		.filter((delivery) => delivery !== undefined);
	const statuses: number[] = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < chosen.length) {
				statuses.push(await sendAgain(chosen[next++]));
			}
		}),
	);
	return statuses;
}
