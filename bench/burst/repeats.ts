/**
 * Why a lead ran more than once on one of our sides: each run of a lead after its first is put
 * beside the run before it (still running when it started, failed, or succeeded) and beside the
 * delivery attempts the portal made meanwhile, with what each was answered. The trigger is meant to
 * answer a repeat of a running lead 503 and a repeat of a lead that succeeded unheard 200, without
 * running it: a repeat after a success, or beside a running run, names a hole in that.
 */
import type { DeliveryAttempt } from '../../sandbox';
import { LANDING_CALLBACK_TRIGGER, type Execution, type ProvisionedN8n } from '../../harness/n8n';
import type { MadeLead } from './leads';

export interface Repeats {
	'leads run more than once': number;
	'runs beyond the first': number;
	/** A run that started while the lead's previous run was still going. */
	'beside a running run': number;
	'after a failed run': number;
	'after a successful run': number;
	/** A few leads, their runs and the attempts, as lines to read. */
	examples: string[];
}

interface LeadRun {
	id: string;
	status: string;
	startedAt: number;
	stoppedAt: number;
}

const clock = (ms: number, from: number) => `${((ms - from) / 1_000).toFixed(1)} s`;

function leadOf(execution: Execution): string | undefined {
	const item =
		execution.data?.resultData.runData[LANDING_CALLBACK_TRIGGER]?.[0]?.data?.main[0]?.[0];
	return item ? String(item.json.email) : undefined;
}

function describe(
	lead: MadeLead,
	runs: LeadRun[],
	attempts: readonly DeliveryAttempt[],
	from: number,
): string {
	const lines = [`${lead.email} (${lead.idEvento}):`];
	for (const run of runs)
		lines.push(
			`  run ${run.id} ${run.status}, ${clock(run.startedAt, from)} → ${clock(run.stoppedAt, from)}`,
		);
	for (const a of attempts.filter((one) => one.idEvento === lead.idEvento))
		lines.push(
			`  attempt ${a.attempt} at ${clock(Date.parse(a.startedAt), from)}: ${a.status ?? a.outcome} ` +
				`in ${a.durationMs} ms ${a.responseBody.slice(0, 100)}`,
		);
	return lines.join('\n');
}

export async function repeatsOf(
	owner: ProvisionedN8n,
	workflowId: string,
	leads: readonly MadeLead[],
	attempts: readonly DeliveryAttempt[],
	since: number,
): Promise<Repeats> {
	const runsOf = new Map<string, LeadRun[]>();
	for (const execution of await owner.api.everyExecution(workflowId, true)) {
		const startedAt = Date.parse(execution.startedAt);
		const email = execution.mode === 'webhook' && startedAt >= since && leadOf(execution);
		if (!email) continue;
		const stoppedAt = execution.stoppedAt ? Date.parse(execution.stoppedAt) : Number.NaN;
		const run = { id: execution.id, status: execution.status, startedAt, stoppedAt };
		runsOf.set(email, [...(runsOf.get(email) ?? []), run]);
	}
	const repeats: Repeats = {
		'leads run more than once': 0,
		'runs beyond the first': 0,
		'beside a running run': 0,
		'after a failed run': 0,
		'after a successful run': 0,
		examples: [],
	};
	const from = Math.min(...leads.map((lead) => lead.madeAt));
	for (const lead of leads) {
		const runs = (runsOf.get(lead.email) ?? []).sort((a, b) => a.startedAt - b.startedAt);
		if (runs.length < 2) continue;
		repeats['leads run more than once']++;
		for (const [index, run] of runs.entries()) {
			if (index === 0) continue;
			const before = runs[index - 1];
			repeats['runs beyond the first']++;
			if (!(before.stoppedAt <= run.startedAt)) repeats['beside a running run']++;
			else if (before.status === 'success') repeats['after a successful run']++;
			else repeats['after a failed run']++;
		}
		if (repeats.examples.length < 3) repeats.examples.push(describe(lead, runs, attempts, from));
	}
	return repeats;
}
