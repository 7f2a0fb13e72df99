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
