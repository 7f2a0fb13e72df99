const { src, dest } = require('gulp');

// tsc emits only JavaScript; n8n also needs each node's icons and codex file beside it.
function buildAssets() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], { base: '.' }).pipe(
		dest('dist'),
	);
}

exports['build:assets'] = buildAssets;
