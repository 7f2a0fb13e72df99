import fs from 'node:fs';

/**
 * The live processes of a process group, read from /proc (Linux). A process group outlives its
 * leader while any member lives, so an empty answer for a group that a test started means that
 * everything started in it is gone, children that were re-parented to init included.
 */
export function processGroupMembers(pgid: number): number[] {
	const members: number[] = [];
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = readStat(Number(entry));
		if (stat && stat.pgid === pgid && stat.state !== 'Z') members.push(Number(entry));
	}
	return members;
}

/** `/proc/<pid>/stat` fields the checks need; undefined once the process is gone. */
function readStat(pid: number): { state: string; pgid: number } | undefined {
	let text: string;
	try {
		text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
	} catch {
		return undefined;
	}
	// "pid (command) state ppid pgrp ...": the command may itself hold spaces and parentheses.
	const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
	return { state: fields[0], pgid: Number(fields[2]) };
}

/** The live processes whose command line holds `text` (e.g. a browser's profile folder). */
export function processesMentioning(text: string): number[] {
	const found: number[] = [];
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
		try {
			if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text))
				found.push(Number(entry));
		} catch {
			// Gone meanwhile.
		}
	}
	return found;
}
