// Type checking is `npm run typecheck`; here ts-jest only transpiles, which keeps runs fast.
// (`isolatedModules` in the compiler options: ts-jest's own option of that name is deprecated and
// printed a warning at every run).
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true } }] };

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
		// Real-n8n suites set their own time-outs: booting n8n takes tens of seconds. The default, which
		// also covers the hooks that stop n8n, is set in a setup file: jest ignores `testTimeout`
		// inside `projects`.
		project('e2e', { setupFilesAfterEnv: ['<rootDir>/test/e2e/support/hookTimeout.ts'] }),
		project('reliability'),
	],
};
