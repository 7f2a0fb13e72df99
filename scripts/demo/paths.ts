/**
 * Paths in what the demo prints: relative to the project inside it, `$DEMO_DATA_DIR/…` inside a
 * data folder given outside the project, `~/…` elsewhere in the home folder. Output pasted into an
 * issue or shown on a screen then names no folder of the machine it ran on.
 */
export interface MachineFolders {
	projectRoot: string;
	home: string;
	/** The demo's data folder, once the settings are read. */
	dataDir?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class PathDisplay {
	constructor(private readonly folders: MachineFolders) {}

	set dataDir(dataDir: string) {
		this.folders.dataDir = dataDir;
	}

	/** The text with each folder of the machine replaced by how the demo names it. */
	text(line: string): string {
		const { projectRoot, home, dataDir } = this.folders;
		const names: Array<[string, string]> = [[projectRoot, '.']];
		if (dataDir && !isInside(dataDir, projectRoot)) names.push([dataDir, '$DEMO_DATA_DIR']);
		if (home && home !== '/') names.push([home, '~']);
		// The longest folder first: the project and the data folder may lie in the home folder.
		names.sort(([a], [b]) => b.length - a.length);
		let shown = line;
		for (const [folder, name] of names) {
			const mention = new RegExp(`${escapeRegExp(folder)}(?=/|$|[^\\w.-])(/)?`, 'g');
			shown = shown.replace(mention, (_whole, slash?: string) =>
				name === '.' && slash ? '' : `${name}${slash ?? ''}`,
			);
		}
		return shown;
	}
}

function isInside(file: string, folder: string): boolean {
	return file === folder || file.startsWith(`${folder}/`);
}
