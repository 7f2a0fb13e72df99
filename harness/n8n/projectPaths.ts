import path from 'node:path';

/** Absolute paths the end-to-end support code needs, all derived from the repository root. */
export const projectRoot = path.resolve(__dirname, '..', '..');
export const n8nScriptsDir = path.join(projectRoot, 'scripts', 'n8n');
export const artifactsDir = path.join(projectRoot, 'artifacts');
