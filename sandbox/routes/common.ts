/** Helpers every service route uses: the caller from access_token, refusals, paging, validation. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errors } from '../behaviour';
import type { SandboxContext } from '../context';
import type { InterfaceRecord } from '../model';
import { windowOf, type Paging } from '../paging';
import type { Untidy } from '../untidy';

export type Query = Record<string, unknown>;

export const queryOf = (request: FastifyRequest): Query => (request.query ?? {}) as Query;
export const paramsOf = (request: FastifyRequest) => request.params as Record<string, string>;

/** Authentication rule 1: the access_token query parameter, and nothing else, identifies the caller. */
export function callerOf(ctx: SandboxContext, request: FastifyRequest): InterfaceRecord {
	const token = queryOf(request).access_token;
	if (token === undefined || token === '') {
		throw errors.invalidToken('The access_token query parameter is required');
	}
	if (typeof token !== 'string') throw errors.invalidToken('Give access_token once');
	const caller = ctx.state.interfaceByToken(token);
	if (!caller) throw errors.badToken();
	return caller;
}

/** A LEC may not modify ads or their state. */
export function requireReadWrite(caller: InterfaceRecord): void {
	if (caller.kind === 'LEC') throw errors.lecAccessDenied();
}

/** Field notes: plans without callback access are refused on every callback endpoint. */
export function requireCallbackAccess(caller: InterfaceRecord): InterfaceRecord {
	if (!caller.callbackAccess) throw errors.noCallbackAccess();
	return caller;
}

/** Validates with a zod schema; a failure answers 400 naming the fields. */
export function parseWith<S extends z.ZodTypeAny>(
	schema: S,
	value: unknown,
	what = 'body',
): z.infer<S> {
	const result = schema.safeParse(value);
	if (result.success) return result.data;
	const problems = result.error.issues.map(
		(issue) => `${issue.path.length ? issue.path.join('.') : what}: ${issue.message}`,
	);
	throw errors.badRequest(problems.join('; '));
}

/** An instant given as epoch milliseconds or an ISO 8601 text; epoch milliseconds after parsing. */
export const instantSchema = z.union([
	z.number().int().nonnegative(),
	z
		.string()
		.refine((text) => !Number.isNaN(Date.parse(text)), { message: 'must be an ISO 8601 date-time' })
		.transform((text) => Date.parse(text)),
]);

/** The page envelope; an empty page answers 204. `untidy`: a list that may shift while paged. */
export function sendPage<T>(
	reply: FastifyReply,
	items: readonly T[],
	paging: Paging,
	toItem: (item: T) => unknown,
	untidy?: Untidy,
) {
	const { start, size } = untidy?.window(paging) ?? windowOf(paging);
	const slice = items.slice(start, start + size);
	if (slice.length === 0) return noContent(reply);
	return reply.send({
		number: paging.page,
		size: slice.length,
		total: items.length,
		content: slice.map(toItem),
	});
}

/** A bare array (shape A); an empty one answers 204. */
export function sendArray<T>(
	reply: FastifyReply,
	items: readonly T[],
	toItem: (item: T) => unknown,
) {
	if (items.length === 0) return noContent(reply);
	return reply.send(items.map(toItem));
}

export function noContent(reply: FastifyReply) {
	return reply.code(204).send();
}
