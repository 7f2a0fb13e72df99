// One cold-load sample in a fresh plain `node` process (no tsx): `node coldLoad.js <preload> <file>...`.
// n8n has n8n-workflow loaded before any node file, so it is required first and not timed; then every
// file is required and each exported class instantiated, as n8n's loader does. Prints the ms taken.
'use strict';
const [preload, ...files] = process.argv.slice(2);
require(preload);
const started = process.hrtime.bigint();
for (const file of files) {
	for (const exported of Object.values(require(file))) {
		if (typeof exported === 'function') new exported();
	}
}
const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(`${JSON.stringify({ elapsedMs })}\n`);
