/**
 * The trigger's canvas subtitle, in the words of its Event Kinds labels: "Leads: phone views,
 * messages" for lead kinds only, "Leads, ad state, credits" with others ("Ad state" alone). The
 * kinds come in the table's order (nodes/shared/eventKinds.ts), whatever order they were picked in.
 */
import { eventKindShortLabels } from '../shared/eventKinds';

export function eventKindsSubtitle(): string {
	const labels = eventKindShortLabels();
	const words = JSON.stringify(Object.fromEntries(labels.map(({ kind, short }) => [kind, short])));
	const leadKinds = JSON.stringify(labels.filter((l) => l.isLead).map((l) => l.kind));
	const picked = (lead: boolean) =>
		`Object.keys(words).filter((k) => ${lead ? '' : '!'}leadKinds.includes(k) && chosen.includes(k)).map((k) => words[k])`;
	const sentence =
		'(others.length === 0' +
		' ? (leads.length === 0 ? "No event kinds" : "Leads: " + leads.join(", "))' +
		' : (leads.length > 0 ? "Leads, " : "") + others.join(", "))';
	const capitalised = `${sentence}.replace(/^./, (c) => c.toUpperCase())`;
	const byGroup = `((leads, others) => ${capitalised})(${picked(true)}, ${picked(false)})`;
	return `={{ ((chosen, words, leadKinds) => ${byGroup})([].concat($parameter["events"] || []), ${words}, ${leadKinds}) }}`;
}
