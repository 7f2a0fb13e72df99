/**
 * The failure rule of a poll over many agencies.
 *
 * n8n-core's poll executor either emits what poll() returns (and saves the static data with it) or,
 * when poll() throws, records a failed execution and runs the error workflow, saving nothing (and
 * under the durable poll scheduler also backing the next polls off). So one agency's failure must
 * not be thrown while others have items: the agencies that answer are emitted and move on, a failing
 * agency keeps its cursor (its items wait for it: each poll asks it again and emits what it missed
 * once it answers), and its failures are counted in the static data.
 *
 * The user sees it the n8n way, as a failed execution naming the agencies: a poll in which an agency
 * reaches REPORT_AFTER_FAILED_POLLS failed polls in a row (a blip the next poll makes good stays
 * quiet), or in which an agency is found no longer linked (its cursor is dropped, it is not asked
 * again), throws instead of emitting, moving nothing; the next poll emits all the other agencies'
 * items. Each agency is reported once per failure: this process remembers what it reported for
 * each activation (n8n saves nothing from a throwing poll, so the memory cannot be static data).
 * After a restart, an agency still failing is reported once more, by the second poll: n8n fails
 * the activation with the first poll's error (the node's poll() says which poll that is), so that
 * poll only logs what a later one reports.
 */
import { NodeOperationError, type INode, type Logger } from 'n8n-workflow';

/** Kept in the static data for each agency whose last polls failed. */
export interface AgencyFailure {
	/** Epoch ms of the first failure of this run of failures. */
	since: number;
	/** Polls in a row that could not read it. */
	polls: number;
	/** The last failure's message. */
	error: string;
}

export const REPORT_AFTER_FAILED_POLLS = 3;

/** At most this many agencies are named in a report's message (all of them in its description). */
const NAMED_IN_MESSAGE = 10;
const ERROR_TEXT_MAX = 200;

/**
 * Per activation (the poller id kept in its static data), what was already reported:
 * `failing:<agency>` and `dropped:<agency>`.
 */
const reportedByPoller = new Map<string, Set<string>>();

export interface PollFailures {
	/** What the static data keeps after this poll. */
	failing: Record<string, AgencyFailure>;
	/** Thrown instead of emitting, when there is something new to report. */
	report?: NodeOperationError;
}

export interface FailureInput {
	pollerId: string;
	/**
	 * False while the poller id is not saved yet (a first poll, state saved by version 0.1.0): a
	 * report would save nothing, and the next poll would not know it was made.
	 */
	mayReport: boolean;
	/** The failures kept before this poll. */
	previous: Record<string, AgencyFailure>;
	/** Agencies read in this poll. */
	read: string[];
	/** Agencies that could not be read in this poll, with why. */
	failed: Map<string, Error>;
	/** Agencies kept from earlier polls that are no longer linked to the credential. */
	dropped: string[];
	/** How many agencies this poll covers. */
	total: number;
	now: number;
}

/** The agencies failing for REPORT_AFTER_FAILED_POLLS polls or more. */
const longFailingIn = (failing: Record<string, AgencyFailure>) =>
	Object.keys(failing).filter((agency) => failing[agency].polls >= REPORT_AFTER_FAILED_POLLS);

/** Applies the rule to one poll's outcome. */
export function judgeFailures(node: INode, input: FailureInput): PollFailures {
	const { previous, failed, now } = input;
	const failing: Record<string, AgencyFailure> = {};
	for (const [agency, kept] of Object.entries(previous)) {
		// Neither read nor failed: not reached within the poll's time, or no longer linked.
		if (!input.read.includes(agency) && !failed.has(agency) && !input.dropped.includes(agency))
			failing[agency] = kept;
	}
	for (const [agency, error] of failed) {
		failing[agency] = {
			since: previous[agency]?.since ?? now,
			polls: (previous[agency]?.polls ?? 0) + 1,
			error: error.message.slice(0, ERROR_TEXT_MAX),
		};
	}
	const reported = reportedByPoller.get(input.pollerId) ?? new Set<string>();
	const longFailing = longFailingIn(failing);
	const current = new Set([
		...longFailing.map((agency) => `failing:${agency}`),
		...input.dropped.map((agency) => `dropped:${agency}`),
	]);
	const due = [...current].filter((key) => !reported.has(key));
	if (due.length > 0 && input.mayReport) {
		for (const key of due) reported.add(key);
		reportedByPoller.set(input.pollerId, reported);
		return { failing, report: reportOf(node, input, failing, longFailing) };
	}
	// An agency that answers again, or whose drop is saved, may be reported anew later.
	for (const key of reported) {
		const agency = key.slice(key.indexOf(':') + 1);
		if (!current.has(key) && !(key.startsWith('failing:') && agency in failing))
			reported.delete(key);
	}
	if (reported.size === 0) reportedByPoller.delete(input.pollerId);
	return { failing };
}

function named(agencies: string[]): string {
	const shown = agencies.slice(0, NAMED_IN_MESSAGE).join(', ');
	const more = agencies.length - NAMED_IN_MESSAGE;
	return more > 0 ? `${shown} and ${more} more` : shown;
}

function reportOf(
	node: INode,
	input: FailureInput,
	failing: Record<string, AgencyFailure>,
	longFailing: string[],
): NodeOperationError {
	const { dropped, total } = input;
	const parts: string[] = [];
	const details: string[] = [];
	if (longFailing.length > 0) {
		parts.push(
			`${longFailing.length} of ${total.toLocaleString('en-US')} agencies could not be read for ${REPORT_AFTER_FAILED_POLLS} polls or more in a row: ${named(longFailing)}`,
		);
		details.push(
			'Nothing of theirs is lost: each poll asks them again and emits what they missed once they answer.',
			...longFailing.map((agency) => {
				const { polls, since, error } = failing[agency];
				return `${agency}: ${error} (${polls} polls since ${new Date(since).toISOString()}).`;
			}),
		);
	}
	if (dropped.length > 0) {
		parts.push(
			`${dropped.length === 1 ? '1 agency is' : `${dropped.length} agencies are`} no longer linked to this credential and no longer read: ${named(dropped)}`,
		);
		details.push(
			`No longer linked: ${dropped.join(', ')}. Their starting point is dropped; an agency linked again starts from the poll that finds it.`,
		);
	}
	details.push("The other agencies' items come with the next poll.");
	return new NodeOperationError(node, parts.join('; '), { description: details.join(' ') });
}

/**
 * What the first poll of an activation leaves to a later one, in n8n's log: the agencies failing
 * for REPORT_AFTER_FAILED_POLLS polls or more, and those no longer linked.
 */
export function logUnreported(
	logger: Logger,
	failing: Record<string, AgencyFailure>,
	gone: string[],
): void {
	const longFailing = longFailingIn(failing);
	if (longFailing.length === 0 && gone.length === 0) return;
	const parts = [
		longFailing.length > 0 ? `agencies failing: ${named(longFailing)}` : '',
		gone.length > 0 ? `agencies no longer linked: ${named(gone)}` : '',
	].filter((part) => part !== '');
	logger.warn(
		`Real Estate Portal Poll Trigger: ${parts.join('; ')}. The next poll reports them; the others emit.`,
	);
}
