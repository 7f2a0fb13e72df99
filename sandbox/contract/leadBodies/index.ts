/** A lead's callback body in the configured body language (../languages.ts). */
import type { BodyLanguage } from '../languages';
import type { LeadFacts } from '../leadFacts';
import { english2Body } from './english2';
import { englishBody } from './english';
import { englishSfBody } from './englishSf';
import { portugueseBody } from './portuguese';
import { spanishBody } from './spanish';

const BODY_OF: Record<BodyLanguage, (facts: LeadFacts) => Record<string, unknown>> = {
	ES: spanishBody,
	PT: portugueseBody,
	EN: englishBody,
	EN2: english2Body,
	EN_SF: englishSfBody,
};

export function leadBodyIn(language: BodyLanguage, facts: LeadFacts): Record<string, unknown> {
	return { ...BODY_OF[language](facts), ...facts.variant };
}
