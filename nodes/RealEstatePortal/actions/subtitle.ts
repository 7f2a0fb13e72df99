/**
 * The subtitle under the node on the canvas, in words a person reads: "Get many: Ad",
 * "Associate: Ad", "Subscribe: 3 event kinds". Built from the resource and operation lists, so a
 * new operation gets its subtitle with its name.
 */
import type { INodeProperties } from 'n8n-workflow';
import { optionNamesOf } from '../../shared/subtitles';

/** "Get Many" → "Get many". */
const sentenceCase = (name: string) =>
	name
		.split(' ')
		.map((word, index) => (index === 0 ? word : word.toLowerCase()))
		.join(' ');

/** The subtitle expression for a node whose properties start with the resource list. */
export function subtitleOf(properties: INodeProperties[]): string {
	const resource = properties.find((property) => property.name === 'resource');
	const resources = optionNamesOf(resource);
	const operations: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== 'operation') continue;
		for (const owner of property.displayOptions?.show?.resource ?? []) {
			for (const [value, name] of Object.entries(optionNamesOf(property))) {
				operations[`${String(owner)}:${value}`] = sentenceCase(name);
			}
		}
	}
	const kinds = '($parameter["eventKinds"] || []).length';
	const what =
		`($parameter["resource"] === "eventSubscription" && Array.isArray($parameter["eventKinds"])` +
		` ? ${kinds} + (${kinds} === 1 ? " event kind" : " event kinds")` +
		` : ${JSON.stringify(resources)}[$parameter["resource"]])`;
	const key = '$parameter["resource"] + ":" + $parameter["operation"]';
	const operation = `${JSON.stringify(operations)}[${key}]`;
	return `={{ ${operation} + ": " + ${what} }}`;
}
