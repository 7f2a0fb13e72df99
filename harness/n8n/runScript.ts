import { execFile } from 'node:child_process';

/**
 * Runs one of our shell scripts and resolves with its stdout. On failure the error carries the
 * script's stderr, which is where our scripts explain what went wrong; `relay` gets each line of
 * it as it comes (their progress).
 */
export async function runScript(
	script: string,
	args: string[] = [],
	env: NodeJS.ProcessEnv = {},
	relay?: (line: string) => void,
): Promise<string> {
	return await new Promise((resolve, reject) => {
		const child = execFile(
			script,
			args,
			{ env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
			(error, stdout, stderr) => {
				if (!error) return resolve(stdout);
				const why = error.message.split('\n')[0];
				reject(new Error(`${script} ${args.join(' ')} failed (${why}):\n${stderr}`));
			},
		);
		if (relay) relayLines(child.stderr!, relay);
	});
}

function relayLines(stream: NodeJS.ReadableStream, relay: (line: string) => void) {
	let partial = '';
	stream.on('data', (chunk: Buffer | string) => {
		const lines = (partial + chunk.toString()).split('\n');
		partial = lines.pop()!;
		for (const line of lines) if (line.trim() !== '') relay(line);
	});
	stream.on('end', () => partial.trim() === '' || relay(partial));
}

/** The last non-empty line a script printed: our scripts print their result there. */
export function lastLine(output: string): string {
	const lines = output.trim().split('\n');
	return lines[lines.length - 1].trim();
}
