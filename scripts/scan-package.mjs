// The scanner's two ESLint legs, with its own rule set (see scripts/scan-package.sh).
// Usage: node scripts/scan-package.mjs <scanner home> <unpacked tarball> <source folder>
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [scannerHome, packageDir, sourceDir] = process.argv.slice(2);
const scannerModule = path.join(
	scannerHome,
	'node_modules/@n8n/scan-community-package/scanner/scanner.mjs',
);
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(pathToFileURL(scannerModule).href);

const legs = [
	{
		name: 'tarball (compiled .js and package.json)',
		dir: packageDir,
		patterns: ['**/*.js', 'package.json'],
	},
	{
		name: `source (${SOURCE_FILE_PATTERNS.join(', ')})`,
		dir: sourceDir,
		patterns: SOURCE_FILE_PATTERNS,
	},
];

let passed = true;
for (const leg of legs) {
	const result = await analyzePackage(leg.dir, leg.patterns);
	console.log(
		`${result.passed ? 'PASS' : 'FAIL'} ${leg.name}${result.message ? `: ${result.message}` : ''}`,
	);
	if (result.details) console.log(result.details);
	passed &&= result.passed;
}
process.exit(passed ? 0 : 1);
