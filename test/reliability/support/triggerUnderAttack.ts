/**
 * The trigger active in an engine workflow (registered at the emulator, secret in its static data),
 * and the accounting of what a series of calls made it do: executions, events emitted, crashes.
 */
import { randomUUID } from 'node:crypto';
import type { Sandbox } from '../../../sandbox';
import type { WebhookReceiver } from '../../engine/harness';
import {
	SECRET_HEADER,
	portalSecret,
	registrationOf,
	startTrigger,
} from '../../engine/trigger/support';
import { sendRaw, type RawAnswer } from './rawHttp';

export const ALL_KINDS = [
	'CONTACTO',
	'CONTACTO_MENSAJE',
	'AVISO_ACTIVIDAD',
	'AVISO_ESTADO_PUBLICACION',
	'AVISO_CALIDAD',
	'CREDITO',
];

export interface Call {
	method?: string;
	/** Default: the registered secret. `null`: no secret header at all. */
	secret?: string | null;
	headers?: Record<string, string | string[]>;
	body?: string | Buffer | object;
	/** Default application/json; null: no content type at all. */
	contentType?: string | null;
}

export class TriggerUnderAttack {
	readonly answers: RawAnswer[] = [];

	private constructor(
		readonly receiver: WebhookReceiver,
		readonly secret: string,
	) {}

	static async start(sandbox: Sandbox): Promise<TriggerUnderAttack> {
		const receiver = await startTrigger(sandbox, { parameters: { events: ALL_KINDS } });
		await receiver.trigger.activate();
		if (!registrationOf(receiver)) throw new Error('The trigger did not register');
		return new TriggerUnderAttack(receiver, await portalSecret(sandbox));
	}

	async call(call: Call = {}): Promise<RawAnswer> {
		const headers: Record<string, string | string[]> = {
			...(call.contentType !== null && { 'content-type': call.contentType ?? 'application/json' }),
			...call.headers,
		};
		const secret = call.secret === undefined ? this.secret : call.secret;
		if (secret !== null) headers[SECRET_HEADER] = secret;
		const body =
			call.body === undefined || typeof call.body === 'string' || Buffer.isBuffer(call.body)
				? call.body
				: JSON.stringify(call.body);
		const answer = await sendRaw(this.receiver.url(), { method: call.method, headers, body });
		this.answers.push(answer);
		return answer;
	}

	/** Waits for executions in flight, stops serving, and counts. */
	async finish() {
		await this.receiver.close();
		const started = this.receiver.received.filter(
			(received) => received.workflowData !== undefined,
		);
		const emitted = new Map<string, number>();
		const kinds = new Set<string>();
		for (const received of started) {
			for (const item of received.items) {
				const id = String(item.json.eventId);
				emitted.set(id, (emitted.get(id) ?? 0) + 1);
				kinds.add(String(item.json.eventType));
			}
		}
		const failedRuns = started.filter(
			(received) => received.run?.data.resultData.error !== undefined,
		).length;
		const crashes =
			this.answers.filter((answer) => answer.status >= 500).length +
			this.receiver.received.filter((received) => received.error !== undefined).length +
			failedRuns;
		return { executions: started.length, emitted, crashes, kinds };
	}
}

/** A fresh event id the trigger has never seen. */
export const newEventId = () => randomUUID();
