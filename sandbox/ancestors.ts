/**
 * Whatever started a long-running script (npm, a process manager, a terminal) may go without a
 * signal reaching it: SIGKILL, an npm that does not forward signals (SIGHUP), a shell between them
 * that dies alone. Then a process of the chain is gone, or re-parented: that is what is watched,
 * every half second. Used by `npm run demo` and `npm run sandbox`.
 */
import fs from 'node:fs';

type Link = { pid: number; ppid: number };

/** The parent of `pid` from /proc (Linux); undefined once it is gone or without /proc. */
function parentOf(pid: number): number | undefined {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// "pid (command) state ppid ...": the command may itself hold spaces and parentheses.
		return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
	} catch {
		return undefined;
	}
}

/** Every ancestor of this process up to init, each with its parent now. */
function ancestorChain(): Link[] {
	const chain: Link[] = [];
	for (let pid = process.ppid; pid > 1; ) {
		const ppid = parentOf(pid);
		if (ppid === undefined) break;
		chain.push({ pid, ppid });
		pid = ppid;
	}
	return chain;
}

/** Calls `gone` once when an ancestor exits or is re-parented (without /proc: when our parent changes). */
export function whenAncestorGone(gone: (pid: number) => void, intervalMs = 500): void {
	const chain = ancestorChain();
	const parent = process.ppid;
	const timer = setInterval(() => {
		const lost =
			process.ppid !== parent
				? { pid: parent }
				: chain.find((link) => parentOf(link.pid) !== link.ppid);
		if (!lost) return;
		clearInterval(timer);
		gone(lost.pid);
	}, intervalMs);
	timer.unref();
}
