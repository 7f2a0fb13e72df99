/**
 * The e2e project's default time-out, for tests and hooks alike (a setup file: jest ignores
 * `testTimeout` inside `projects`). Hooks stop n8n, which may take the whole shutdown grace; at
 * jest's 5 s a slow shutdown failed a suite whose tests had all passed.
 */
import { N8N_SHUTDOWN_GRACE_MS } from './n8nProcess';

jest.setTimeout(3 * N8N_SHUTDOWN_GRACE_MS);
