// n8n's official community-node lint configuration, installed in tools/lint (see its package.json).
import { config } from './tools/lint/node_modules/@n8n/node-cli/dist/configs/eslint.js';

export default config;
