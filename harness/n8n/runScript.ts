import { execFile } from 'node:child_process';

/**
 * Runs one of our shell scripts and resolves with its stdout. On failure the error carries the
 * script's stderr, which is where our scripts explain what went wrong.
 */
export async function runScript(
	script: string,
	args: string[] = [],
	env: NodeJS.ProcessEnv = {},
): Promise<string> {
	return await new Promise((resolve, reject) => {
		execFile(
			script,
			args,
			{ env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
			(error, stdout, stderr) => {
				if (error) {
					reject(
						new Error(
							`${script} ${args.join(' ')} failed (${error.message.split('\n')[0]}):\n${stderr}`,
						),
					);
					return;
				}
				resolve(stdout);
			},
		);
	});
}

/** The last non-empty line a script printed: our scripts print their result there. */
export function lastLine(output: string): string {
	const lines = output.trim().split('\n');
	return lines[lines.length - 1].trim();
}
