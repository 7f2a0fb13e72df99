/**
 * Everything the demo started, stopped in reverse order exactly once: on Ctrl-C (SIGINT), SIGTERM,
 * SIGHUP, the end of what started the demo (see sandbox/ancestors.ts), a failure, or the end of a
 * DEMO_EXIT_AFTER_READY run; a last line then says that the demo has finished, and what could not
 * be stopped. n8n runs in its own process group (a terminal's Ctrl-C does not reach it), so it is
 * stopped here, by its process ID.
 */
type Stop = { name: string; stop: () => Promise<void> };

const listed = (names: string[]) =>
	names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The demo's last line. */
function finished(failed: string[]): string {
	return failed.length === 0
		? 'The demo has finished: everything it started is stopped.'
		: `The demo has finished, but ${listed(failed)} could not be stopped (see above).`;
}

export class Stopper {
	private readonly started: Stop[] = [];
	/** What could not be stopped, once everything has been tried. */
	private stopping: Promise<string[]> | undefined;

	constructor(private readonly exit: (code: number) => void = (code) => process.exit(code)) {}

	add(name: string, stop: () => Promise<void>) {
		this.started.push({ name, stop });
	}

	get isStopping(): boolean {
		return this.stopping !== undefined;
	}

	/** Stops everything on SIGINT, SIGTERM or SIGHUP (the terminal closed), then exits 0. */
	stopOnSignals(say: (line: string) => void) {
		for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
			process.on(signal, () =>
				this.stopAndExit(say, `${signal}: stopping everything the demo started…`),
			);
		}
	}

	/** Says why, stops everything once, says that the demo has finished, then exits with `code`. */
	stopAndExit(say: (line: string) => void, why: string, code = 0) {
		if (this.isStopping) return;
		say(`\n${why}`);
		void (this.stopping ??= this.run()).then((failed) => {
			say(finished(failed));
			this.exit(code);
		});
	}

	private async run(): Promise<string[]> {
		const failed: string[] = [];
		for (const { name, stop } of this.started.reverse()) {
			try {
				await stop();
			} catch (error) {
				console.error(`could not stop ${name}: ${(error as Error).message}`);
				failed.push(name);
			}
		}
		return failed;
	}
}
