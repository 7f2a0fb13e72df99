/**
 * `npm run sandbox`: starts the emulator on 127.0.0.1 from environment variables, prints its base
 * URL and the seeded credentials, and stops cleanly on SIGINT, SIGTERM or SIGHUP, and when the
 * process that started it is gone (npm killed, a terminal closed): the emulator never outlives
 * what started it, holding its port. The npm script execs, so npm's SIGTERM and SIGINT reach this
 * process itself, not a shell between them.
 */
import { z } from 'zod';
import { whenAncestorGone } from './ancestors';
import { BEHAVIOUR } from './behaviour';
import { EDITIONS } from './contract/editions';
import { parseActivity } from './activity';
import { startSandbox, type SandboxOptions } from './index';
import { AD_SHAPES, BAD_FILTER_MODES, LEAD_LIST_SHAPES } from './settings';
import { parseUntidy } from './untidy';

const integerText = z.string().regex(/^\d+$/, 'must be a whole number').transform(Number);

/** Text read by `parse`; what it throws is the variable's message. */
const parsedBy = <T>(parse: (text: string) => T) =>
	z.string().transform((text, ctx) => {
		try {
			return parse(text);
		} catch (error) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message });
			return z.NEVER;
		}
	});

const envSchema = z.object({
	SANDBOX_PORT: integerText.default('4010'),
	SANDBOX_SEED: integerText.optional(),
	SANDBOX_ADS: integerText.optional(),
	SANDBOX_AGENCIES: integerText.optional(),
	SANDBOX_AGENCY_ADS: integerText.optional(),
	SANDBOX_AGENCY_LEADS: integerText.optional(),
	SANDBOX_AD_SHAPE: z.enum(AD_SHAPES).optional(),
	SANDBOX_BAD_FILTER: z.enum(BAD_FILTER_MODES).optional(),
	SANDBOX_EDITION: z.enum(EDITIONS).optional(),
	SANDBOX_LEAD_LIST: z.enum(LEAD_LIST_SHAPES).optional(),
	SANDBOX_RETRY_SCHEDULE: z
		.string()
		.regex(/^\d+(,\d+)*$|^$/, 'must be comma-separated milliseconds, e.g. 1000,5000')
		.transform((text) => (text ? text.split(',').map(Number) : []))
		.optional(),
	SANDBOX_DELIVERY_TIMEOUT_MS: integerText.optional(),
	SANDBOX_HONOUR_RETRY_AFTER: z.enum(['0', '1', 'true', 'false']).optional(),
	SANDBOX_FAULTS: parsedBy((text) => {
		try {
			return JSON.parse(text) as Record<string, unknown>;
		} catch {
			throw new Error('must be a JSON object');
		}
	}).optional(),
	SANDBOX_ACTIVITY: parsedBy(parseActivity).optional(),
	SANDBOX_UNTIDY: parsedBy(parseUntidy).optional(),
	SANDBOX_QUIET: z.enum(['0', '1', 'true', 'false']).optional(),
	SANDBOX_STATE_FILE: z.string().min(1, 'must name a file').optional(),
});

function optionsFromEnv(): SandboxOptions {
	const parsed = envSchema.safeParse(process.env);
	if (!parsed.success) {
		for (const issue of parsed.error.issues)
			console.error(`${issue.path.join('.')}: ${issue.message}`);
		process.exit(2);
	}
	const env = parsed.data;
	return {
		port: env.SANDBOX_PORT,
		seed: env.SANDBOX_SEED,
		ads: env.SANDBOX_ADS,
		agencies: env.SANDBOX_AGENCIES,
		agencyAds: env.SANDBOX_AGENCY_ADS,
		agencyLeads: env.SANDBOX_AGENCY_LEADS,
		adShape: env.SANDBOX_AD_SHAPE,
		badFilter: env.SANDBOX_BAD_FILTER,
		edition: env.SANDBOX_EDITION,
		leadList: env.SANDBOX_LEAD_LIST,
		retrySchedule: env.SANDBOX_RETRY_SCHEDULE ?? [...BEHAVIOUR.delivery.cliRetryScheduleMs],
		deliveryTimeoutMs: env.SANDBOX_DELIVERY_TIMEOUT_MS,
		honourRetryAfter:
			env.SANDBOX_HONOUR_RETRY_AFTER === '1' || env.SANDBOX_HONOUR_RETRY_AFTER === 'true',
		faults: env.SANDBOX_FAULTS,
		activity: env.SANDBOX_ACTIVITY,
		untidy: env.SANDBOX_UNTIDY,
		quiet: env.SANDBOX_QUIET === '1' || env.SANDBOX_QUIET === 'true',
		stateFile: env.SANDBOX_STATE_FILE,
	};
}

async function main() {
	const options = optionsFromEnv();
	const sandbox = await startSandbox(options);
	const { settings } = sandbox.context;
	console.log(`Real-estate portal sandbox listening on ${sandbox.url}`);
	console.log(`Ad summary shape ${settings.adShape}, bad filters answer ${settings.badFilter}.`);
	console.log(
		`Lead bodies of edition ${settings.edition ?? 'rela (Spanish paths) / bra (Portuguese paths)'}, lead list items ${settings.leadList}.`,
	);
	if (process.env.SANDBOX_ACTIVITY)
		console.log(`Activity of its own: ${process.env.SANDBOX_ACTIVITY}.`);
	if (process.env.SANDBOX_UNTIDY) console.log(`Untidy: ${process.env.SANDBOX_UNTIDY}.`);
	if (options.stateFile) console.log(`State kept across restarts in ${options.stateFile}.`);
	console.log('Seeded interfaces (access token | client id / client secret | agencies):');
	for (const i of sandbox.context.state.interfaces.values()) {
		const access = i.callbackAccess ? '' : '  (plan without callback access)';
		const client = sandbox.context.state.clientOf(i.id);
		const agencies = [...i.agencies];
		const listed =
			agencies.length > 4
				? `${agencies.length} agencies: ${agencies[0]} … ${agencies[agencies.length - 1]}`
				: agencies.join(', ');
		console.log(
			`  ${i.id.padEnd(16)} ${i.kind}  ${i.token.padEnd(22)} ${client?.clientId} / ${client?.clientSecret}  ${listed}${access}`,
		);
	}
	console.log(`Admin: ${sandbox.url}/__sandbox (see sandbox/README.md). Ctrl+C to stop.`);

	let stopping = false;
	const stop = async (why: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`${why}: stopping the sandbox`);
		await sandbox.close();
		process.exit(0);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.on(signal, () => void stop(signal));
	}
	whenAncestorGone((pid) => void stop(`the process that started the sandbox (pid ${pid}) is gone`));
}

main().catch((error) => {
	console.error(`The sandbox could not start: ${error.message}`);
	process.exit(1);
});
