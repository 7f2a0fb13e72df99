/**
 * How the trigger hears n8n's answer to a lead (Respond "When Last Node Finishes"), and what it lets
 * through: n8n 2.41.1 answers 200 "Workflow executed successfully but no data was returned" when an
 * execution ended without run data, so the lead may have no row; the portal must send it again.
 */
import { EventEmitter } from 'node:events';

import { whenAnswered } from '../../../nodes/RealEstatePortalTrigger/inFlight';

/** An express response as far as whenAnswered uses it; `sent` is what went out. */
function fakeResponse() {
	const headers = new Map<string, string>();
	const response = Object.assign(new EventEmitter(), {
		statusCode: 200,
		headersSent: false,
		sent: undefined as undefined | { status: number; body: unknown; headers: Map<string, string> },
		setHeader(name: string, value: string) {
			headers.set(name.toLowerCase(), value);
		},
		end(body?: unknown) {
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
