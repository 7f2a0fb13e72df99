import { inspect } from 'node:util';
import type { LogMetadata, Logger } from 'n8n-workflow';

type Level = keyof Logger;

/** Set HARNESS_PRINT_LOGS=1 to also print n8n's log lines while debugging a test. */
const printLogs = process.env.HARNESS_PRINT_LOGS === '1';

/**
 * Stands in for n8n's Logger (registered in the DI container and in LoggerProxy) and keeps
 * every line, metadata included, so tests can assert on them and search them for secrets.
 */
export class CapturingLogger implements Logger {
	readonly lines: string[] = [];

	error = (message: string, metadata?: LogMetadata) => this.log('error', message, metadata);

	warn = (message: string, metadata?: LogMetadata) => this.log('warn', message, metadata);

	info = (message: string, metadata?: LogMetadata) => this.log('info', message, metadata);

	debug = (message: string, metadata?: LogMetadata) => this.log('debug', message, metadata);

	/** n8n services ask for scoped child loggers; they all write to the same capture. */
	scoped(): this {
		return this;
	}

	/** Index to pass to `linesSince` later: the lines of one run are the ones after it. */
	mark(): number {
		return this.lines.length;
	}

	linesSince(mark: number): string[] {
		return this.lines.slice(mark);
	}

	private log(level: Level, message: string, metadata?: LogMetadata) {
		const details =
			metadata && Object.keys(metadata).length > 0
				? ` ${inspect(metadata, { depth: 8, breakLength: Infinity, showHidden: false })}`
				: '';
		const line = `${level}: ${message}${details}`;
		this.lines.push(line);
		if (printLogs) process.stderr.write(`[n8n] ${line}\n`);
	}
}
