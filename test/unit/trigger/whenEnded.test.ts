/**
 * How the trigger hears n8n's answer to a lead (Respond "When Last Node Finishes",
 * nodes/RealEstatePortalTrigger/inFlight.ts): n8n ends the answer once the workflow finished, even
 * after the portal hung up, and only then is the lead no longer in flight.
 */
import { EventEmitter } from 'node:events';

import { whenEnded } from '../../../nodes/RealEstatePortalTrigger/inFlight';

function fakeResponse() {
	return Object.assign(new EventEmitter(), {
		statusCode: 200,
		ends: 0,
		end(..._chunk: unknown[]) {
			this.ends++;
			return this;
		},
	});
}

function watched() {
	const response = fakeResponse();
	const heard: string[] = [];
	whenEnded(response as never, (succeeded) => heard.push(succeeded ? 'succeeded' : 'failed'));
	return { response, heard };
}

it('tells a success from a failure (n8n answers a failed workflow with 500), once', () => {
	const ok = watched();
	ok.response.end();
	ok.response.end();
	const failed = watched();
	failed.response.statusCode = 500;
	failed.response.end();
	expect([ok.heard, failed.heard]).toEqual([['succeeded'], ['failed']]);
	expect(ok.response.ends).toBe(2);
});

it('hears the end after the portal hung up (n8n runs the workflow to the end)', () => {
	const { response, heard } = watched();
	response.emit('close');
	expect(heard).toEqual([]);
	response.end();
	expect(heard).toEqual(['succeeded']);
});

it("hears a 200 that carries a body as no success: n8n's answer to a run without a result", () => {
	// The trigger asks n8n for no body: a finished run's answer is empty (express: end() without a chunk).
	const finished = watched();
	finished.response.end(undefined, undefined);
	const noResult = watched();
	noResult.response.end(
		'{"message":"Workflow executed successfully but no data was returned"}',
		'utf-8',
	);
	const noLastNodeData = watched();
	noLastNodeData.response.end(
		Buffer.from(
			'{"message":"Workflow executed successfully but the last node did not return any data"}',
		),
	);
	expect([finished.heard, noResult.heard, noLastNodeData.heard]).toEqual([
		['succeeded'],
		['failed'],
		['failed'],
	]);
});
