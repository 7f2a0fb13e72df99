// `npm run test:queue`: n8n in queue mode (Redis, PostgreSQL, main, webhook and two workers).
// Kept out of the default test command: it installs and starts services and takes minutes.
const path = require('node:path');

module.exports = {
	rootDir: path.resolve(__dirname, '../..'),
	displayName: 'queue',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
	testMatch: ['<rootDir>/test/queue/**/*.test.ts'],
};
