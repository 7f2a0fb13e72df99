/**
 * The state file on disk: read once at start; written atomically (a temporary file beside it,
 * renamed over it, so a reader or a crash never sees half a file), at most once per delay after
 * a change (the first change since the last save arms the timer, later ones ride along), and once
 * more on close. Writes never overlap: each waits for the one before.
 */
import { promises as fs, readFileSync } from 'node:fs';
import { savedStateSchema, type SavedState } from './savedState';

/** A state file that cannot be used, with what to do about it. */
export class StateFileError extends Error {}

const startAfresh = (path: string) =>
	`remove ${path} (or name another file) to start from the seeded world`;

/** The saved state in `path`; null when there is no file yet. */
export function readStateFile(path: string): SavedState | null {
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		if (error?.code === 'ENOENT') return null;
		throw new StateFileError(`The state file ${path} cannot be read (${error?.message}).`);
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		throw new StateFileError(
			`The state file ${path} is not JSON, so not a file the emulator wrote: ${startAfresh(path)}.`,
		);
	}
	const parsed = savedStateSchema.safeParse(json);
	if (!parsed.success) {
		const [issue] = parsed.error.issues;
		const where = issue.path.length > 0 ? issue.path.join('.') : 'its top level';
		throw new StateFileError(
			`The state file ${path} is not one this emulator wrote (${where}: ${issue.message}): ${startAfresh(path)}.`,
		);
	}
	return parsed.data;
}

async function writeAtomically(path: string, text: string): Promise<void> {
	const temporary = `${path}.${process.pid}.tmp`;
	// The file holds the callback's authorization values: readable by its owner only.
	await fs.writeFile(temporary, text, { mode: 0o600 });
	await fs.rename(temporary, path);
}

export class StateFileWriter {
	private timer: NodeJS.Timeout | undefined;
	private writing: Promise<void> = Promise.resolve();
	private closed = false;

	constructor(
		private readonly path: string,
		private readonly snapshot: () => SavedState,
		private readonly options: { saveDelayMs: number; report: (line: string) => void },
	) {}

	/** Something changed: the state is saved within `saveDelayMs`. */
	changed(): void {
		if (this.closed || this.timer) return;
		this.timer = setTimeout(() => {
			this.timer = undefined;
			void this.save().catch((error: Error) =>
				this.options.report(`The state file ${this.path} could not be written: ${error.message}`),
			);
		}, this.options.saveDelayMs);
		this.timer.unref();
	}

	/** Writes `state` (default the state now) once the write in progress, if any, is done. */
	save(state: SavedState = this.snapshot()): Promise<void> {
		const text = JSON.stringify(state);
		const write = this.writing.then(() => writeAtomically(this.path, text));
		// A failed write does not stop the next one.
		this.writing = write.catch(() => {});
		return write;
	}

	/** No save on change any more; writes `last`, the state at close. */
	async close(last: SavedState): Promise<void> {
		this.closed = true;
		clearTimeout(this.timer);
		this.timer = undefined;
		await this.save(last);
	}
}
