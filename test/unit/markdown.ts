/**
 * What a markdown page links to and which anchors it offers, read as GitHub renders it: fenced code
 * and inline code hold no link, a heading's anchor is GitHub's slug of its text (a repeated one gets
 * -1, -2, ...), and `<a id>` / `<a name>` tags add anchors of their own.
 */

export interface Link {
	/** The target as written, without a title: `docs/e2e.md#the-matrix`, `#credentials`. */
	target: string;
	/** 1-based line of the page. */
	line: number;
}

const FENCE = /^\s*(```|~~~)/;

/** The page's lines outside fenced code blocks, each with its 1-based number. */
function proseLines(page: string): Array<{ text: string; line: number }> {
	const lines: Array<{ text: string; line: number }> = [];
	let inFence = false;
	page.split('\n').forEach((text, index) => {
		if (FENCE.test(text)) inFence = !inFence;
		else if (!inFence) lines.push({ text, line: index + 1 });
	});
	return lines;
}

const withoutInlineCode = (text: string) => text.replace(/`[^`]*`/g, '');

/** Inline links and images, `[text](target "title")`; angle brackets around a target are dropped. */
export function linksOf(page: string): Link[] {
	const links: Link[] = [];
	for (const { text, line } of proseLines(page)) {
		for (const match of withoutInlineCode(text).matchAll(
			/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g,
		)) {
			links.push({ target: match[1], line });
		}
	}
	return links;
}

/** A link that leaves the repository (a web address, an e-mail). */
export const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** The text GitHub shows for a heading's markdown: code marks, emphasis marks and link targets gone. */
function shownText(markdown: string): string {
	return markdown
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/`/g, '')
		.replace(/\*/g, '')
		.trim();
}

/** GitHub's anchor of a heading (github-slugger): lower case, punctuation dropped, spaces → hyphens. */
export function slugOf(heading: string): string {
	return shownText(heading)
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** Every anchor the page offers: its headings' slugs and its `<a id>` / `<a name>` tags. */
export function anchorsOf(page: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const { text } of proseLines(page)) {
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
		if (heading) {
			const slug = slugOf(heading[1]);
			const times = seen.get(slug) ?? 0;
			seen.set(slug, times + 1);
			anchors.add(times === 0 ? slug : `${slug}-${times}`);
		}
		for (const tag of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(tag[1]);
	}
	return anchors;
}
