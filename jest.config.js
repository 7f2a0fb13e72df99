// Type checking is `npm run typecheck`; here ts-jest only transpiles, which keeps runs fast.
const transform = { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] };

const project = (name, extra = {}) => ({
	displayName: name,
	testEnvironment: 'node',
	transform,
	testMatch: [`<rootDir>/test/${name}/**/*.test.ts`],
	...extra,
});

module.exports = {
	projects: [
		project('unit'),
		project('sandbox'),
		project('engine'),
		// Real-n8n suites set their own time-outs: booting n8n takes tens of seconds. The default
		// covers the hooks that stop n8n, which waits up to 20 s for n8n's graceful shutdown
		// (test/e2e/support/n8nProcess.ts); at jest's 5 s a slow shutdown failed a green suite.
		project('e2e', { testTimeout: 60_000 }),
		project('reliability'),
	],
};
