/**
 * jest reads the configuration without a warning: no option it ignores (`testTimeout` inside
 * `projects` was, silently), none deprecated.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { projectRoot } from '../../harness/n8n/projectPaths';

test('a jest run prints no configuration warning', () => {
	const jest = path.join(projectRoot, 'node_modules/.bin/jest');
	// Without the cache, so that ts-jest really compiles and would print its own warnings.
	const run = spawnSync(
		jest,
		['--no-cache', '--selectProjects', 'unit', '--', 'test/unit/action/retry.test.ts'],
		{ cwd: projectRoot, encoding: 'utf8' },
	);

	expect(run.status).toBe(0);
	expect(run.stderr).toContain('retry.test.ts');
	expect(run.stderr).not.toMatch(/Validation Warning|Unknown option|deprecated|WARN/);
});
