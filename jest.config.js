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
		// Real-n8n suites set their own time-outs: booting n8n takes tens of seconds.
		project('e2e'),
		project('reliability'),
	],
};
