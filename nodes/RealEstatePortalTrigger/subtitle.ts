/**
 * The trigger's canvas subtitle, in the words of its Event Kinds labels, short enough for the
 * canvas (it cuts a subtitle after about 26 characters): "All leads" (the default), "Leads:
 * messages", "Leads, ad state, credits", "Phone views, ad quality", "All events". The kinds come in
 * the table's order (nodes/shared/eventKinds.ts), whatever order they were picked in.
 */
import { eventKindShortLabels } from '../shared/eventKinds';

export function eventKindsSubtitle(): string {
	const labels = eventKindShortLabels();
	const words = JSON.stringify(Object.fromEntries(labels.map(({ kind, short }) => [kind, short])));
	const leadKinds = labels.filter((l) => l.isLead).map((l) => l.kind);
	const allLeads = leadKinds.length;
	const allOthers = labels.length - allLeads;
	const picked = (lead: boolean) =>
		`Object.keys(words).filter((k) => ${lead ? '' : '!'}leadKinds.includes(k) && chosen.includes(k)).map((k) => words[k])`;
	const sentence =
		'(leads.length + others.length === 0 ? "No event kinds"' +
		` : leads.length === ${allLeads} && others.length === ${allOthers} ? "All events"` +
		` : others.length === 0 ? (leads.length === ${allLeads} ? "All leads" : "Leads: " + leads.join(", "))` +
		` : [].concat(leads.length === ${allLeads} ? ["leads"] : leads, others).join(", "))`;
	const capitalised = `${sentence}.replace(/^./, (c) => c.toUpperCase())`;
	const byGroup = `((leads, others) => ${capitalised})(${picked(true)}, ${picked(false)})`;
	return `={{ ((chosen, words, leadKinds) => ${byGroup})([].concat($parameter["events"] || []), ${words}, ${JSON.stringify(leadKinds)}) }}`;
}
