/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) into what the benchmark notes quote: the share of
 * samples per package (self time), the busiest functions (self time), and the inclusive time of
 * chosen functions (the function and everything it called, recursion counted once).
 */
import fs from 'node:fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}

interface CpuProfile {
	nodes: ProfileNode[];
	startTime: number;
	endTime: number;
	samples: number[];
	timeDeltas: number[];
}

export interface ProfileSummary {
	sampledMs: number;
	byPackage: Array<[string, number]>;
	topSelf: Array<[string, number]>;
	inclusive: Array<[string, number]>;
}

/** `n8n-workflow`, `luxon`, `ours` (the package's nodes/credentials), `(idle)`, `node:` … */
function packageOf({ url, functionName }: ProfileNode['callFrame']): string {
	if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
	const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
	if (match) return match[1];
	if (/\/(nodes|credentials)\//.test(url)) return 'ours (nodes/, credentials/)';
	if (/\/(harness|bench)\//.test(url)) return 'harness (harness/, bench/)';
	return url.startsWith('node:') ? 'node: internals' : url;
}

function label({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
	const file = url
		.replace(/^.*node_modules\//, '')
		.replace(/^file:\/\/.*?\/(nodes|credentials)\//, '$1/');
	return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

const share = (map: Map<string, number>, total: number, most: number): Array<[string, number]> =>
	[...map.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, most)
		.map(([name, count]) => [name, Math.round((count / total) * 1000) / 10]);

/** Samples per profile node, only those taken within `window` (µs, the profile's clock) if given. */
function hitsOf(profile: CpuProfile, window?: [number, number]): Map<number, number> {
	const hits = new Map<number, number>();
	let at = profile.startTime;
	profile.samples.forEach((id, index) => {
		at += profile.timeDeltas[index] ?? 0;
		if (window && (at < window[0] || at > window[1])) return;
		hits.set(id, (hits.get(id) ?? 0) + 1);
	});
	return hits;
}

/**
 * `window`: keep only the samples taken between these two instants (µs of `process.hrtime`, the clock
 * of `--cpu-prof`), so that module loading and set-up are left out.
 */
export function summarise(
	file: string,
	inclusiveOf: string[],
	window?: [number, number],
	most = 15,
): ProfileSummary {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const hitCount = hitsOf(profile, window);
	const total = [...hitCount.values()].reduce((sum, hits) => sum + hits, 0);
	const byPackage = new Map<string, number>();
	const bySelf = new Map<string, number>();
	for (const node of profile.nodes) {
		const hits = hitCount.get(node.id) ?? 0;
		const pkg = packageOf(node.callFrame);
		byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
		const name = label(node.callFrame);
		bySelf.set(name, (bySelf.get(name) ?? 0) + hits);
	}
	const inclusive = new Map<string, number>(inclusiveOf.map((name) => [name, 0]));
	const walk = (id: number, open: Set<string>) => {
		const node = byId.get(id)!;
		const name = node.callFrame.functionName;
		const entered = inclusive.has(name) && !open.has(name);
		if (entered) open.add(name);
		const hits = hitCount.get(id) ?? 0;
		for (const name of open) inclusive.set(name, inclusive.get(name)! + hits);
		for (const child of node.children ?? []) walk(child, open);
		if (entered) open.delete(name);
	};
	walk(profile.nodes[0].id, new Set());
	return {
		sampledMs: Math.round(
			(window ? window[1] - window[0] : profile.endTime - profile.startTime) / 1000,
		),
		byPackage: share(byPackage, total, most),
		topSelf: share(bySelf, total, most),
		inclusive: share(inclusive, total, inclusiveOf.length),
	};
}
