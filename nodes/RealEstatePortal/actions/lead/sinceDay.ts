/**
 * The lead list's `fromDate` (a day, yyyyMMdd) from the Since parameter: a date, a date and time
 * (its own calendar day), epoch milliseconds, or empty for DEFAULT_DAYS_BACK days ago in the
 * workflow's time zone.
 */
import { DateTime } from 'luxon';
import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

export const DEFAULT_DAYS_BACK = 3;

function dateTimeOf(value: unknown): DateTime | null {
	if (DateTime.isDateTime(value)) return value;
	if (value instanceof Date) return DateTime.fromJSDate(value);
	if (typeof value === 'number' && Number.isFinite(value)) return DateTime.fromMillis(value);
	if (typeof value !== 'string') return null;
	const parsed = DateTime.fromISO(value.trim(), { setZone: true });
	return parsed.isValid ? parsed : null;
}

export function readSinceDay(ctx: IExecuteFunctions, itemIndex: number, now: DateTime): string {
	const raw: unknown = ctx.getNodeParameter('since', itemIndex, '');
	if (raw === '' || raw === null || raw === undefined) {
		return now.minus({ days: DEFAULT_DAYS_BACK }).toFormat('yyyyMMdd');
	}
	const since = dateTimeOf(raw);
	if (since === null) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid parameter: Since: "${String(raw)}" is not a date`,
			{
				description:
					'Give a day such as 2025-01-15, or leave Since empty for the last 3 days. Nothing was sent to the portal.',
				itemIndex,
			},
		);
	}
	return since.toFormat('yyyyMMdd');
}
