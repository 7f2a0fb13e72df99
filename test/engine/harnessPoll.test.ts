/**
 * Self-test of the harness's PollWorkflow on a tiny polling node that counts its polls in static
 * data and emits when told to: what n8n saves, keeps in memory and loses on a restart.
 */
import type { INodeType, IPollFunctions } from 'n8n-workflow';
import { PollWorkflow } from './harness';

let next: { emit: boolean; fail?: string } = { emit: false };
const contexts = new Set<object>();

class TinyPoller implements INodeType {
	description = {
		displayName: 'Tiny Poller',
		name: 'tinyPoller',
		group: ['trigger'],
		version: 1,
		description: 'Counts its polls',
		defaults: { name: 'Tiny Poller' },
		polling: true,
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as INodeType['description'];

	async poll(this: IPollFunctions) {
		contexts.add(this);
		if (next.fail) throw new Error(next.fail);
		const store = this.getWorkflowStaticData('node');
		store.polls = ((store.polls as number | undefined) ?? 0) + 1;
		if (!next.emit) return null;
		return [
			this.helpers.returnJsonArray([
				{ polls: store.polls, activation: this.getActivationMode(), mode: this.getMode() },
			]),
		];
	}
}

const polls = (workflow: PollWorkflow) => workflow.nodeStaticData.polls;

describe('PollWorkflow', () => {
	beforeEach(() => {
		next = { emit: false };
		contexts.clear();
	});

	it('polls at activation with one context for the whole activation, and saves after it', async () => {
		const workflow = new PollWorkflow({ nodeType: TinyPoller, parameters: {} });
		expect(await workflow.activate()).toEqual({ items: null });
		expect(polls(workflow)).toBe(1);
		await workflow.poll();
		await workflow.poll();
		expect(contexts.size).toBe(1);
		// Polls that return null change the live static data, but n8n saves none of it.
		expect(workflow.liveNodeStaticData.polls).toBe(3);
		expect(polls(workflow)).toBe(1);
	});

	it('saves with each poll that emits and runs an execution in trigger mode', async () => {
		const workflow = new PollWorkflow({ nodeType: TinyPoller, parameters: {} });
		await workflow.activate();
		next = { emit: true };
		const outcome = await workflow.poll();
		expect(outcome.items).toEqual([{ polls: 2, activation: 'activate', mode: 'trigger' }]);
		expect(outcome.run?.status).toBe('success');
		expect(outcome.run?.mode).toBe('trigger');
		expect(polls(workflow)).toBe(2);
		expect(workflow.executions).toHaveLength(1);
	});

	it('loses what was not saved on a restart, which activates with init', async () => {
		const workflow = new PollWorkflow({ nodeType: TinyPoller, parameters: {} });
		await workflow.activate();
		await workflow.poll();
		next = { emit: true };
		expect((await workflow.restart()).items).toEqual([
			{ polls: 2, activation: 'init', mode: 'trigger' },
		]);
	});

	it('records a failing scheduled poll, and fails an activation with its error', async () => {
		const workflow = new PollWorkflow({ nodeType: TinyPoller, parameters: {} });
		await workflow.activate();
		next = { emit: false, fail: 'portal down' };
		expect((await workflow.poll()).error?.message).toBe('portal down');
		expect(workflow.failures.map((error) => error.message)).toEqual(['portal down']);
		workflow.deactivate();
		await expect(workflow.activate()).rejects.toThrow('portal down');
		expect(workflow.active).toBe(false);
	});

	it('"Fetch test event" runs the poll in manual mode and saves nothing', async () => {
		const workflow = new PollWorkflow({ nodeType: TinyPoller, parameters: {} });
		next = { emit: true };
		const result = await workflow.fetchTestEvent();
		expect(result.items.map((item) => item.json)).toEqual([
			{ polls: 1, activation: 'manual', mode: 'manual' },
		]);
		expect(workflow.staticData).toEqual({});
	});
});
