// `npm run test:queue`: exactly once into the destinations, one n8n process and queue mode (Redis,
// PostgreSQL, HAProxy, main, two webhook processes, two workers). `npm test` runs it after the other
// suites, one file at a time: each starts its own services and takes minutes.
const path = require('node:path');
const { projects } = require('../../jest.config.js');

module.exports = {
	rootDir: path.resolve(__dirname, '../..'),
	displayName: 'queue',
	testEnvironment: 'node',
	transform: projects[0].transform,
	testMatch: ['<rootDir>/test/queue/**/*.test.ts'],
};
