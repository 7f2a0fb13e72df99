// `npm run test:queue`: n8n in queue mode (Redis, PostgreSQL, main, webhook and two workers).
// Kept out of the default test command: it installs and starts services and takes minutes.
const path = require('node:path');
const { projects } = require('../../jest.config.js');

module.exports = {
	rootDir: path.resolve(__dirname, '../..'),
	displayName: 'queue',
	testEnvironment: 'node',
	transform: projects[0].transform,
	testMatch: ['<rootDir>/test/queue/**/*.test.ts'],
};
