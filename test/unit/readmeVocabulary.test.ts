/**
 * One vocabulary between the README (and the Docs pages) and the editor: every parameter, option
 * and locator mode they name in bold is a label the n8n editor shows for these nodes and their
 * credential, and the filter table (the action node's page) and the README's credential table list
 * the editor's fields.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodeType } from 'n8n-workflow';
import { commonPollingParameters } from 'n8n-core/dist/nodes-loader/constants';

import { RealEstatePortalApi } from '../../credentials/RealEstatePortalApi.credentials';
import { RealEstatePortal } from '../../nodes/RealEstatePortal/RealEstatePortal.node';
import { RealEstatePortalPollTrigger } from '../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node';
import { RealEstatePortalTrigger } from '../../nodes/RealEstatePortalTrigger/RealEstatePortalTrigger.node';
import { projectRoot } from '../../harness/n8n/projectPaths';

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');
const readme = read('README.md');
const actionNodePage = read('docs/nodes/real-estate-portal.md');
/** The pages the editor's Docs links open, and the users' guides, say the same words. */
const docPages = [
	'docs/credentials.md',
	'docs/landing-leads.md',
	'docs/troubleshooting.md',
	...fs.readdirSync(path.join(projectRoot, 'docs', 'nodes')).map((page) => `docs/nodes/${page}`),
];

/**
 * The n8n 2.41 editor labels these locator modes itself, whatever their displayName says
 * (its i18n keys resourceLocator.mode.list / .id / .url).
 */
const EDITOR_MODE_LABELS: Record<string, string> = {
	list: 'From list',
	id: 'By ID',
	url: 'By URL',
};

/** Bold Title Case names that are not this package's: n8n's own nodes, and its Docs link. */
const OTHER_NAMES = new Set(['Switch', 'MCP Server Trigger', 'Docs']);

const credential = new RealEstatePortalApi();
const nodes: INodeType[] = [
	new RealEstatePortal(),
	new RealEstatePortalTrigger(),
	new RealEstatePortalPollTrigger(),
];

/** Every label the editor can show for a property: its name, its options, its modes, its children. */
function labelsOf(property: INodeProperties): string[] {
	const labels = [property.displayName];
	for (const option of property.options ?? []) {
		if ('value' in option) labels.push(option.name);
		else if ('values' in option) {
			labels.push(option.displayName, ...option.values.flatMap(labelsOf));
		} else labels.push(...labelsOf(option));
	}
	for (const mode of property.modes ?? []) {
		labels.push(EDITOR_MODE_LABELS[mode.name] ?? mode.displayName);
	}
	return labels;
}

const editorLabels = new Set([
	credential.displayName,
	...credential.properties.flatMap(labelsOf),
	...nodes.flatMap((node) => [
		node.description.displayName,
		...node.description.properties.flatMap(labelsOf),
	]),
	// n8n adds Poll Times to every polling node; the lookup dropdowns start with Any
	// (nodes/RealEstatePortal/methods/loadOptions.ts).
	...commonPollingParameters.flatMap(labelsOf),
	'Any',
]);

/** n8n's rules make a dropdown's label end in "Name or ID"; prose may leave that out. */
const withoutDropdownSuffix = (label: string) => label.replace(/ Names? or IDs?$/, '');

/** A README name the editor shows: the label itself, or without its bracketed part. */
function isEditorLabel(name: string): boolean {
	return [...editorLabels].some((label) => {
		const short = withoutDropdownSuffix(label);
		return label === name || short === name || short.startsWith(`${name} (`);
	});
}

const SMALL_WORDS = new Set([
	'a',
	'an',
	'and',
	'as',
	'at',
	'by',
	'for',
	'in',
	'of',
	'on',
	'or',
	'per',
	'the',
	'to',
	'with',
]);

/** "Treat Already Associated as Success": a name, not a sentence in bold or a paragraph's title. */
function isTitleCase(phrase: string): boolean {
	if (/[.,:;!?]$/.test(phrase) || /[,:;]/.test(phrase)) return false;
	const words = phrase.split(/\s+/);
	return (
		/^[A-Z0-9]/.test(words[0]) &&
		words.every((word) => /^[A-Z0-9]/.test(word) || SMALL_WORDS.has(word))
	);
}

/** The first column of the table that follows a heading of `page`. */
function tableNames(page: string, heading: string): string[] {
	expect(page).toContain(heading);
	const section = page.slice(page.indexOf(heading));
	const lines = section.split('\n');
	const start = lines.findIndex((line) => line.startsWith('|'));
	const rows = [];
	for (const line of lines.slice(start + 2)) {
		if (!line.startsWith('|')) break;
		rows.push(line.split('|')[1].trim());
	}
	return rows;
}

/** Title Case names in bold (and locator modes): what the editor is asked to show. */
function boldNames(file: string): string[] {
	return (
		[...read(file).matchAll(/\*\*([^*]+)\*\*/g)]
			// A name may be wrapped over two lines: markdown shows one space.
			.map((match) => match[1].replace(/\s+/g, ' ').trim())
			// Locator modes read as n8n writes them ("From list", "By ID"), in Title Case or not.
			.filter((name) => isTitleCase(name) || /^(By|From) /.test(name))
			.filter((name) => !OTHER_NAMES.has(name))
	);
}

test('the pages name enough editor labels in bold for the check to mean something', () => {
	expect(boldNames('README.md').length).toBeGreaterThan(10);
	expect(docPages.flatMap(boldNames).length).toBeGreaterThan(60);
});

test.each(['README.md', ...docPages])(
	'every parameter, option and mode %s names in bold is what the editor shows',
	(file) => {
		expect(boldNames(file).filter((name) => !isEditorLabel(name))).toEqual([]);
	},
);

test("the action node's filter table lists exactly the Get Many filters, by their editor names", () => {
	const filters = new RealEstatePortal().description.properties.find(
		(property) => property.name === 'filters',
	)!;
	const editorNames = (filters.options as INodeProperties[]).map((filter) =>
		withoutDropdownSuffix(filter.displayName),
	);
	expect(tableNames(actionNodePage, '## Ad → Get Many filters').sort()).toEqual(editorNames.sort());
});

test("the README's credential table lists the credential's fields by their editor names", () => {
	const fields = credential.properties
		.filter((property) => property.type !== 'hidden')
		.map((property) => property.displayName);
	const rows = tableNames(readme, '## Credentials');
	expect(rows.filter((row) => !fields.includes(row))).toEqual([]);
	// The token, or the client ID and secret, are what the Authentication row's choices ask for.
	expect(fields.filter((field) => !rows.includes(field)).sort()).toEqual([
		'Access Token',
		'Client ID',
		'Client Secret',
	]);
});
