/**
 * The contact-type catalogue (field notes, "Contact types" [S]): `GET /v1/contatos/acoes` →
 * `[{id, tipo}]` as recorded for the Brazilian edition, and the guessed Spanish spelling
 * (behaviour.ts, `BEHAVIOUR.contactTypes`).
 */
import type { FastifyInstance } from 'fastify';
import { BEHAVIOUR } from '../behaviour';
import type { SandboxContext } from '../context';
import { CONTACT_TYPES } from '../contract/contactTypes';
import { callerOf } from './common';

export function registerContactTypes(app: FastifyInstance, ctx: SandboxContext) {
	const { portuguesePath, spanishPathGuess } = BEHAVIOUR.contactTypes;
	for (const path of [portuguesePath, spanishPathGuess]) {
		app.get(path, async (request) => {
			callerOf(ctx, request);
			return CONTACT_TYPES.map(({ id, tipo }) => ({ id, tipo }));
		});
	}
}
