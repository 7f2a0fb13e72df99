/**
 * How the trigger hears n8n's answer to a lead (Respond "When Last Node Finishes",
 * nodes/RealEstatePortalTrigger/inFlight.ts): n8n ends the answer once the workflow finished, even
 * after the portal hung up, and only then is the lead no longer in flight.
 */
import { EventEmitter } from 'node:events';

import { portalListens, whenAnswered } from '../../../nodes/RealEstatePortalTrigger/inFlight';

function fakeResponse() {
	return Object.assign(new EventEmitter(), {
		statusCode: 200,
		socket: { destroyed: false } as { destroyed: boolean } | null,
		writableEnded: false,
		ends: 0,
		end() {
			this.ends++;
			this.writableEnded = true;
			return this;
		},
	});
}

function watched() {
	const response = fakeResponse();
	const heard: string[] = [];
	whenAnswered(response as never, {
		ended: (succeeded) => heard.push(succeeded ? 'succeeded' : 'failed'),
		hungUp: () => heard.push('hung up'),
	});
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

it('tells that the portal hung up before the workflow finished, and still hears the end', () => {
	const { response, heard } = watched();
	response.emit('close');
	response.end();
	expect(heard).toEqual(['hung up', 'succeeded']);
});

it('does not take the close after an answer for a hang-up', () => {
	const { response, heard } = watched();
	response.end();
	response.emit('close');
	expect(heard).toEqual(['succeeded']);
});

it('knows whether the portal still waits on the connection', () => {
	const response = fakeResponse();
	expect(portalListens(response as never)).toBe(true);
	response.socket!.destroyed = true;
	expect(portalListens(response as never)).toBe(false);
	expect(portalListens({ ...fakeResponse(), socket: null } as never)).toBe(false);
});
