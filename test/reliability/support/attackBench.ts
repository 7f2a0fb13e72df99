/**
 * One emulator per test file, reset before each test, and the board of figures printed at the end:
 * `const bench = useAttackBench(title)`, then `await bench.start()` for a trigger to call.
 */
import { startSandbox, type Sandbox } from '../../../sandbox';
import { FigureBoard } from './figures';
import { TriggerUnderAttack } from './triggerUnderAttack';

export function useAttackBench(title: string) {
	const board = new FigureBoard(title);
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => {
		board.print();
		await sandbox?.close();
	});
	beforeEach(() => sandbox!.reset());
	return {
		board,
		/** The trigger active in an engine workflow, registered at the emulator. */
		start: async () => await TriggerUnderAttack.start(sandbox!),
	};
}
