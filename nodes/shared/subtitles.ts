/**
 * Subtitles under a node on the canvas, in the words a user reads in its parameters. n8n evaluates
 * a subtitle as an expression, so each is built here as one, from the option names it shows.
 */
import type { INodeProperties } from 'n8n-workflow';

/** An options parameter's display names by value. */
export function optionNamesOf(property: INodeProperties | undefined): Record<string, string> {
	const names: Record<string, string> = {};
	for (const option of property?.options ?? []) {
		if ('value' in option && typeof option.value === 'string') names[option.value] = option.name;
	}
	return names;
}

/** The chosen option's display name ("New Lead" for `newLead`). */
export function optionNameSubtitle(properties: INodeProperties[], parameterName: string): string {
	const names = optionNamesOf(properties.find((property) => property.name === parameterName));
	return `={{ ${JSON.stringify(names)}[$parameter[${JSON.stringify(parameterName)}]] || "" }}`;
}
