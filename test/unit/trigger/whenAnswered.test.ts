/**
 * How the trigger hears n8n's answer to a lead (Respond "When Last Node Finishes"), and what it lets
 * through: n8n 2.41.1 answers 200 "Workflow executed successfully but no data was returned" when an
 * execution ended without run data, so the lead may have no row; the portal must send it again.
 */
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

import { whenAnswered } from '../../../nodes/RealEstatePortalTrigger/inFlight';

/** An express response as far as whenAnswered uses it; `sent` is what went out. */
function fakeResponse() {
	const headers = new Map<string, string>();
	const response = Object.assign(new EventEmitter(), {
		statusCode: 200,
		headersSent: false,
		sent: undefined as undefined | { status: number; body: unknown; headers: Map<string, string> },
		setHeader(name: string, value: string) {
			// As Node does: headers cannot change once they went out.
			if (response.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT');
			headers.set(name.toLowerCase(), value);
		},
		end(body?: unknown) {
			if (response.sent) throw new Error('write after end');
			response.headersSent = true;
			response.sent = { status: response.statusCode, body, headers };
			return response;
		},
	});
	return response;
}

function answered(status: number, body: string) {
	const response = fakeResponse();
	const outcomes: Array<boolean | 'not run through'> = [];
	whenAnswered(response as never, {
		ended: (succeeded) => outcomes.push(succeeded),
		hungUp: () => undefined,
		notRunThrough: () => outcomes.push('not run through'),
	});
	response.statusCode = status;
	response.end(body);
	return { sent: response.sent!, outcomes };
}

it("turns n8n's 200 for an execution without run data into a 503 the portal retries", () => {
	const { sent, outcomes } = answered(
		200,
		JSON.stringify({ message: 'Workflow executed successfully but no data was returned' }),
	);

	expect(sent.status).toBe(503);
	expect(sent.headers.get('retry-after')).toBe('1');
	expect(JSON.parse(String(sent.body))).toEqual({
		message: 'The workflow ended without running through; send this lead again',
	});
	expect(sent.headers.get('content-length')).toBe(String(String(sent.body).length));
	// Said (n8n's log), and not a lead that finished: its next delivery runs it again.
	expect(outcomes).toEqual(['not run through', false]);
});

it('lets the empty 200 of a workflow that ran through, and a failure, go out as they are', () => {
	expect(answered(200, '')).toMatchObject({ sent: { status: 200, body: '' }, outcomes: [true] });
	expect(answered(500, '{"message":"Error in workflow"}')).toMatchObject({
		sent: { status: 500 },
		outcomes: [false],
	});
});

describe('a lead still running as the portal is about to hang up', () => {
	function stillRunning(afterMs: number, answers = true) {
		const response = fakeResponse();
		const outcomes: boolean[] = [];
		let answeredAt: number | undefined;
		whenAnswered(response as never, {
			ended: (succeeded) => outcomes.push(succeeded),
			hungUp: () => undefined,
			stillRunning: {
				afterMs,
				answer: () => {
					answeredAt = Date.now();
					if (!answers) return false;
					response.statusCode = 503;
					response.setHeader('Retry-After', '2');
					response.end('{"message":"still being processed"}');
					return true;
				},
			},
		});
		return { response, outcomes, answeredAt: () => answeredAt };
	}

	/** What n8n does once the workflow finished: status, headers, body, however the answer stands. */
	function n8nAnswers(response: ReturnType<typeof fakeResponse>, status: number, body: string) {
		response.statusCode = status;
		response.setHeader('Content-Type', 'application/json');
		response.end(body);
	}

	it("is answered by the node at its time; n8n's answer at the end goes nowhere and tells how it finished", async () => {
		const { response, outcomes, answeredAt } = stillRunning(20);
		const started = Date.now();
		await sleep(60);

		expect(answeredAt()! - started).toBeGreaterThanOrEqual(15);
		expect(response.sent).toMatchObject({
			status: 503,
			body: '{"message":"still being processed"}',
		});
		expect(outcomes).toEqual([]);

		expect(() => n8nAnswers(response, 200, '{}')).not.toThrow();
		expect(response.sent!.status).toBe(503);
		expect(response.statusCode).toBe(503);
		expect(outcomes).toEqual([true]);
	});

	it('tells a failure, or an end without run data, as not succeeded', async () => {
		const failed = stillRunning(5);
		const withoutData = stillRunning(5);
		await sleep(30);

		n8nAnswers(failed.response, 500, '{"message":"Error in workflow"}');
		n8nAnswers(
			withoutData.response,
			200,
			JSON.stringify({ message: 'Workflow executed successfully but no data was returned' }),
		);

		expect(failed.outcomes).toEqual([false]);
		expect(withoutData.outcomes).toEqual([false]);
	});

	it("is left to n8n's answer when the node chose not to answer it", async () => {
		const { response, outcomes, answeredAt } = stillRunning(5, false);
		await sleep(30);

		expect(answeredAt()).toBeDefined();
		expect(response.sent).toBeUndefined();
		n8nAnswers(response, 200, '{}');
		expect(response.sent).toMatchObject({ status: 200, body: '{}' });
		expect(outcomes).toEqual([true]);
	});

	it('is not answered by the node when the workflow finished in time, nor after the portal hung up', async () => {
		const inTime = stillRunning(20);
		n8nAnswers(inTime.response, 200, '{}');
		const hungUpOn = stillRunning(20);
		hungUpOn.response.emit('close');
		await sleep(50);

		expect(inTime.answeredAt()).toBeUndefined();
		expect(inTime.response.sent).toMatchObject({ status: 200, body: '{}' });
		expect(hungUpOn.answeredAt()).toBeUndefined();
	});
});
