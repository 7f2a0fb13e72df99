/**
 * How the benchmarks start a TypeScript child process: this Node.js running tsx's CLI, by path.
 * Not `tsx` from PATH: an `npm install` elsewhere in the tree relinks node_modules/.bin meanwhile.
 */
import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..');
const tsxCli = require.resolve('tsx/cli');

/** [command, args] for `tsx <script> ...args`. */
export function tsxCommand(script: string, args: string[] = []): [string, string[]] {
	return [process.execPath, [tsxCli, script, ...args]];
}
