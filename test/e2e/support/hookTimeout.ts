/**
 * The e2e project's default time-out, for tests and hooks alike (a setup file: jest ignores
 * `testTimeout` inside `projects`). Hooks stop n8n, which may take the whole shutdown grace; at
 * jest's 5 s a slow shutdown failed a suite whose tests had all passed.
 */
import { n8nEnvironment } from '../../../harness/n8n/n8nEnvironment';
import { shutdownGraceMs } from '../../../harness/n8n/n8nProcess';

const testN8n = n8nEnvironment({ userFolder: '', port: 0, brokerPort: 0 });
jest.setTimeout(3 * shutdownGraceMs(testN8n));
