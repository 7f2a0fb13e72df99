/**
 * Everything the demo started, stopped in reverse order exactly once: on Ctrl-C (SIGINT), SIGTERM,
 * SIGHUP, the end of what started the demo (see ancestors.ts), a failure, or the end of a
 * DEMO_EXIT_AFTER_READY run. n8n runs in its own process group (a
 * terminal's Ctrl-C does not reach it), so it is stopped here, by its process ID.
 */
type Stop = { name: string; stop: () => Promise<void> };

export class Stopper {
	private readonly started: Stop[] = [];
	private stopping: Promise<void> | undefined;

	add(name: string, stop: () => Promise<void>) {
		this.started.push({ name, stop });
	}

	get isStopping(): boolean {
		return this.stopping !== undefined;
	}

	async stopAll(): Promise<void> {
		this.stopping ??= this.run();
		await this.stopping;
	}

	/** Stops everything on SIGINT, SIGTERM or SIGHUP (the terminal closed), then exits 0. */
	stopOnSignals(say: (line: string) => void) {
		for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
			process.on(signal, () =>
				this.stopAndExit(say, `${signal}: stopping everything the demo started…`),
			);
		}
	}

	/** Says why, stops everything once, then exits 0. */
	stopAndExit(say: (line: string) => void, why: string) {
		if (this.isStopping) return;
		say(`\n${why}`);
		void this.stopAll().then(() => process.exit(0));
	}

	private async run() {
		for (const { name, stop } of this.started.reverse()) {
			try {
				await stop();
			} catch (error) {
				console.error(`could not stop ${name}: ${(error as Error).message}`);
			}
		}
	}
}
