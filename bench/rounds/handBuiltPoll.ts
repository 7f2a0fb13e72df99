/**
 * The workflow a user wires by hand instead of the Poll Trigger, for a network of agencies:
 * [Schedule Trigger] → HTTP Request (the agencies list, paged until 204) → Split Out → HTTP Request
 * (each agency's lead list from yesterday, or its ad summary) → Split Out → Code (what was seen
 * before, kept in the workflow's static data). n8n's own HTTP Request and Split Out nodes run in
 * n8n-core's WorkflowExecute as one execution; the Code node needs n8n's task runner, which the
 * engine harness does not run, so its JavaScript (below, as a user would write it) runs in this
 * process on the execution's output, inside the same measured time.
 */
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeParameters,
	type INodeType,
} from 'n8n-workflow';

import { createAdditionalData } from '../../harness/engine/additionalData';
import { CredentialStore } from '../../harness/engine/credentialStore';
import { HarnessCredentialsHelper } from '../../harness/engine/credentialsHelper';
import { ensureEngine } from '../../harness/engine/engineSetup';
import { executeWorkflow } from '../../harness/engine/execute';
import { HarnessNodeTypes, START_NODE_TYPE, startNodeType } from '../../harness/engine/nodeTypes';
import { START_NODE } from '../../harness/engine/runNode';
import {
	HTTP_REQUEST_TYPE,
	HTTP_REQUEST_VERSION,
	PAGES_UNTIL_204,
	SPLIT_OUT_TYPE,
	SPLIT_OUT_VERSION,
	httpRequestNode,
	splitOutNode,
} from '../lib/baselineNodes';

export type HandBuiltEvent = 'newLead' | 'adChanged';

interface Step {
	name: string;
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
}

let nodeTypes: HarnessNodeTypes | undefined;

/** n8n's nodes, loaded before anything is measured (n8n has them loaded before any execution). */
export function loadHandBuiltNodes(): HarnessNodeTypes {
	nodeTypes ??= new HarnessNodeTypes()
		.add(START_NODE_TYPE, startNodeType)
		.add(HTTP_REQUEST_TYPE, httpRequestNode() as INodeType)
		.add(SPLIT_OUT_TYPE, splitOutNode());
	return nodeTypes;
}

const query = (token: string, extra: Array<{ name: string; value: string }>) => ({
	sendQuery: true,
	queryParameters: { parameters: [{ name: 'access_token', value: token }, ...extra] },
});

const splitOut = (name: string): Step => ({
	name,
	type: SPLIT_OUT_TYPE,
	typeVersion: SPLIT_OUT_VERSION,
	parameters: { fieldToSplitOut: 'content', include: 'noOtherFields', options: {} },
});

/**
 * The nodes after the trigger. `fromDate` is the lead list's day as the user writes it, by
 * default yesterday (`{{ $now.minus({ days: 1 }).toFormat('yyyyMMdd') }}`: a lead registered just
 * before midnight is not missed).
 */
function steps(url: string, token: string, event: HandBuiltEvent, fromDate: string): Step[] {
	const perAgency =
		event === 'newLead'
			? {
					url: `=${url}/v2/inmobiliarias/{{ $json.codigoInmobiliaria }}/mensajes`,
					...query(token, [
						{ name: 'fromDate', value: fromDate },
						{ name: 'pageable.size', value: '200' },
					]),
				}
			: {
					url: `=${url}/v1/inmobiliarias/{{ $json.codigoInmobiliaria }}/avisos/online/resumen`,
					...query(token, [{ name: 'pageable.size', value: '200' }]),
				};
	return [
		{
			name: 'Agencies',
			type: HTTP_REQUEST_TYPE,
			typeVersion: HTTP_REQUEST_VERSION,
			parameters: {
				method: 'GET',
				url: `${url}/v1/inmobiliarias`,
				...query(token, [{ name: 'pageable.size', value: '200' }]),
				options: PAGES_UNTIL_204,
			},
		},
		splitOut('Split Out Agencies'),
		{
			name: event === 'newLead' ? 'Leads' : 'Ads',
			type: HTTP_REQUEST_TYPE,
			typeVersion: HTTP_REQUEST_VERSION,
			parameters: { method: 'GET', ...perAgency, options: {} },
		},
		splitOut('Split Out Items'),
	];
}

/**
 * The Code node, New Lead: the ids never seen before pass, and are remembered. The list's own `id`
 * (a phone view has no `idMensaje` in the recorded list shape, sandbox/contract/leadList.ts).
 */
function newLeadsOnly(items: IDataObject[], staticData: IDataObject): IDataObject[] {
	const seen = new Set((staticData.seenIds as number[] | undefined) ?? []);
	const fresh = items.filter((item) => !seen.has(item.id as number));
	staticData.seenIds = [...seen, ...fresh.map((item) => item.id as number)];
	return fresh;
}

/** The Code node, Ad Changed: an ad known before with a later modification passes. */
function changedAdsOnly(items: IDataObject[], staticData: IDataObject): IDataObject[] {
	const before = staticData.modified as Record<string, number> | undefined;
	const now: Record<string, number> = {};
	const changed: IDataObject[] = [];
	for (const item of items) {
		const id = String(item.idAvisoPlat);
		now[id] = item.fechaModificacion as number;
		if (before && id in before && now[id] > before[id]) changed.push(item);
	}
	staticData.modified = now;
	return changed;
}

export interface HandBuiltRun {
	items: IDataObject[];
	/** Items the per-agency lists gave before the Code node. */
	listed: number;
}

/** One scheduled run of the hand-built workflow: its new items; `staticData` is the workflow's. */
export async function runHandBuilt(options: {
	url: string;
	token: string;
	event: HandBuiltEvent;
	staticData: IDataObject;
	fromDate?: string;
}): Promise<HandBuiltRun> {
	ensureEngine();
	const chain = steps(
		options.url,
		options.token,
		options.event,
		options.fromDate ?? "={{ $now.minus({ days: 1 }).toFormat('yyyyMMdd') }}",
	);
	// The harness's start node plays the Schedule Trigger: it passes one item on.
	const trigger: INode = { ...START_NODE, name: 'Schedule Trigger' };
	const nodes: INode[] = [
		trigger,
		...chain.map((step, index) => ({
			...step,
			id: `step-${index}`,
			position: [200 * (index + 1), 0] as [number, number],
		})),
	];
	const connections: Workflow['connectionsBySourceNode'] = {};
	for (let index = 1; index < nodes.length; index++) {
		connections[nodes[index - 1].name] = {
			main: [[{ node: nodes[index].name, type: 'main', index: 0 }]],
		};
	}
	const workflow = new Workflow({
		id: 'hand-built-poll',
		name: 'Hand-built polling of the agencies',
		nodes,
		connections,
		active: true,
		nodeTypes: loadHandBuiltNodes(),
		settings: { executionOrder: 'v1' },
	});
	const additionalData = createAdditionalData({
		credentialsHelper: new HarnessCredentialsHelper(CredentialStore.from({}, [])),
		workflowId: workflow.id,
	});
	const run = await executeWorkflow(workflow, trigger, [[{ json: {} }]], additionalData, 'trigger');
	const last = run.data.resultData.runData[nodes[nodes.length - 1].name]?.[0];
	if (run.status !== 'success' || !last) {
		throw new Error(
			`the hand-built workflow failed: ${run.data.resultData.error?.message ?? run.status}`,
		);
	}
	const listed = (last.data?.main?.[0] ?? []).map((item) => item.json);
	const keep = options.event === 'newLead' ? newLeadsOnly : changedAdsOnly;
	return { items: keep(listed, options.staticData), listed: listed.length };
}
