/**
 * Every output key of every operation of the action node is English. The node's words are checked
 * against the portal's own: no output key may use a word of the portal's field names (the
 * specification's objects in nodes/shared/schemas.ts, and every key of the raw answers seen here)
 * unless the word is English too ("url", "code", "callback"...). Simplify off keeps the portal's
 * raw items, as the user asked: only the keys the node adds to them are checked there.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { RealEstatePortal } from '../../../nodes/RealEstatePortal/RealEstatePortal.node';
import { unitsOf } from '../../../nodes/shared/normalize';
import * as schemas from '../../../nodes/shared/schemas';
import { makeLead } from '../pollTrigger/support';
import { adminAds, jsonOf, runPortal, useSandbox, type PortalRun } from './support';

const sandbox = useSandbox();

/** Words of the portal's field names that are English as well. */
const ENGLISH_PORTAL_WORDS = new Set([
	'access',
	'authorization',
	'body',
	'callback',
	'code',
	'contact',
	'content',
	'data',
	'email',
	'expires',
	'header',
	'id',
	'in',
	'key',
	'lead',
	'message',
	'name',
	'number',
	'origin',
	'original',
	'path',
	'phone',
	'plan',
	'portal',
	'postal',
	'scope',
	'site',
	'size',
	'status',
	'token',
	'total',
	'type',
	'url',
	'value',
]);

/** "lenguajeCallbackBody" → ["lenguaje", "callback", "body"], accents dropped. */
function wordsOf(key: string): string[] {
	return key
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.split(/(?=[A-Z])|[^A-Za-z0-9]+/)
		.map((word) => word.toLowerCase())
		.filter((word) => word !== '');
}

/** Every key of an item, nested objects and arrays included. */
function keysIn(value: unknown, keys = new Set<string>()): Set<string> {
	if (Array.isArray(value)) for (const entry of value) keysIn(entry, keys);
	else if (value && typeof value === 'object') {
		for (const [key, nested] of Object.entries(value)) {
			keys.add(key);
			keysIn(nested, keys);
		}
	}
	return keys;
}

/** The field names of a zod schema of the specification, nested ones included. */
function schemaKeys(schema: z.ZodTypeAny, keys = new Set<string>()): Set<string> {
	if (schema instanceof z.ZodObject) {
		for (const [key, nested] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) {
			keys.add(key);
			schemaKeys(nested, keys);
		}
	} else if (schema instanceof z.ZodEffects) schemaKeys(schema.innerType(), keys);
	else if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
		schemaKeys(schema.unwrap(), keys);
	else if (schema instanceof z.ZodArray) schemaKeys(schema.element, keys);
	else if (schema instanceof z.ZodUnion)
		for (const option of schema.options as z.ZodTypeAny[]) schemaKeys(option, keys);
	return keys;
}

const portalWords = new Set<string>();
function learnPortalKeys(keys: Iterable<string>) {
	for (const key of keys) for (const word of wordsOf(key)) portalWords.add(word);
}
learnPortalKeys(
	(Object.values(schemas) as unknown[])
		.filter((value): value is z.ZodTypeAny => value instanceof z.ZodType)
		.flatMap((schema) => [...schemaKeys(schema)]),
);

/** The keys of an output that use a portal word which is not English. */
function notEnglish(keys: Iterable<string>): string[] {
	return [...keys].filter((key) =>
		wordsOf(key).some((word) => portalWords.has(word) && !ENGLISH_PORTAL_WORDS.has(word)),
	);
}

interface Run {
	what: string;
	parameters: IDataObject;
	options?: PortalRun;
}

/** Nothing listens there: a simulation's delivery fails, and the emulator's reset drops its retries. */
const receiverUrl = 'http://127.0.0.1:9/hook';

const developments = (extra: IDataObject = {}) => ({
	resource: 'development',
	operation: 'getAll',
	agencyCode: 'INMO-001',
	...extra,
});

/** One run per output an operation can give with Simplify on (its default). */
async function simplifiedRuns(): Promise<Run[]> {
	const [largeGallery] = await adminAds(sandbox(), 'INMO-630');
	const configuration = {
		callbackUrl: receiverUrl,
		authorizationHeaderValue: 'Bearer receiver-secret-value',
		callbackBodyLanguage: 'EN',
	};
	const kinds = { eventKinds: ['CONTACTO', 'AVISO_ACTIVIDAD'] };
	const association = {
		resource: 'ad',
		operation: 'associate',
		agencyCode: 'INMO-630',
		adCode: 'GALLERY-1',
		platformAdId: largeGallery.idAvisoPlat,
	};
	const limits = { credentials: { accessToken: 'limits-les-token' } };
	await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' });
	return [
		{ what: 'agency:getAll', parameters: { resource: 'agency', operation: 'getAll' } },
		{
			what: 'ad:getAll',
			parameters: { resource: 'ad', operation: 'getAll', agencyCode: 'INMO-001', limit: 20 },
		},
		{
			what: 'ad:get',
			parameters: {
				resource: 'ad',
				operation: 'get',
				agencyCode: 'INMO-001',
				platformAdId: { __rl: true, mode: 'adCode', value: 'DEMO-0001' },
			},
		},
		{
			// An ad with more than 50 images: the item carries the portal's warnings too.
			what: 'ad:associate',
			parameters: association,
			options: limits,
		},
		{
			what: 'ad:associate (already associated)',
			parameters: { ...association, options: { alreadyAssociatedIsSuccess: true } },
			options: limits,
		},
		{ what: 'development:getAll', parameters: developments() },
		{
			what: 'lead:getAll',
			parameters: { resource: 'lead', operation: 'getAll', agencyScope: 'all', returnAll: true },
		},
		{
			what: 'development:getAll (one item per unit)',
			parameters: developments({ options: { itemPerUnit: true } }),
		},
		{
			what: 'lookup:getOperations',
			parameters: { resource: 'lookup', operation: 'getOperations' },
		},
		{
			what: 'lookup:getCurrencies',
			parameters: { resource: 'lookup', operation: 'getCurrencies' },
		},
		{
			what: 'lookup:getContactTypes',
			parameters: { resource: 'lookup', operation: 'getContactTypes' },
		},
		{
			what: 'callbackConfiguration:set',
			parameters: { resource: 'callbackConfiguration', operation: 'set', ...configuration },
		},
		{
			what: 'callbackConfiguration:get',
			parameters: { resource: 'callbackConfiguration', operation: 'get' },
		},
		{
			what: 'callbackConfiguration:get (revealed)',
			parameters: { resource: 'callbackConfiguration', operation: 'get', revealHeaderValue: true },
		},
		{
			what: 'eventSubscription:subscribe',
			parameters: { resource: 'eventSubscription', operation: 'subscribe', ...kinds },
		},
		{
			what: 'eventSubscription:unsubscribe',
			parameters: { resource: 'eventSubscription', operation: 'unsubscribe', ...kinds },
		},
		{
			what: 'sandbox:simulateLeadEvent',
			parameters: {
				resource: 'sandbox',
				operation: 'simulateLeadEvent',
				agencyCode: 'INMO-001',
				adCode: 'DEMO-0001',
				contactEmail: 'ana@example.com',
				...configuration,
			},
		},
		{
			what: 'sandbox:simulateCreditEvent',
			parameters: {
				resource: 'sandbox',
				operation: 'simulateCreditEvent',
				agencyCode: 'INMO-001',
				...configuration,
			},
		},
	];
}

/** Every resource:operation pair the node offers. */
function everyOperation(): string[] {
	const { properties } = new RealEstatePortal().description;
	const values = (property?: INodeProperties) =>
		(property?.options ?? []).map((option) => String((option as { value: unknown }).value));
	const resources = values(properties.find((property) => property.name === 'resource'));
	return resources.flatMap((resource) =>
		values(
			properties.find(
				(property) =>
					property.name === 'operation' &&
					property.displayOptions?.show?.resource?.includes(resource),
			),
		).map((operation) => `${resource}:${operation}`),
	);
}

test('every output key of every operation is English; Simplify off keeps the raw keys and adds English ones', async () => {
	const runs = await simplifiedRuns();
	expect(new Set(runs.map((run) => run.what.split(' ')[0]))).toEqual(new Set(everyOperation()));

	// The raw items the portal answers, as Simplify off gives them: the portal's words.
	const rawUnits = jsonOf(
		await runPortal(sandbox(), developments({ simplify: false, options: { itemPerUnit: true } })),
	);
	for (const parameters of [
		{ resource: 'agency', operation: 'getAll', simplify: false },
		{ resource: 'ad', operation: 'getAll', agencyCode: 'INMO-001', simplify: false },
		developments({ simplify: false }),
		{ resource: 'lookup', operation: 'getOperations', simplify: false },
		{ resource: 'lookup', operation: 'getCurrencies', simplify: false },
		{ resource: 'lead', operation: 'getAll', agencyScope: 'all', returnAll: true, simplify: false },
	]) {
		const raw = jsonOf(await runPortal(sandbox(), parameters));
		expect(raw.length).toBeGreaterThan(0);
		learnPortalKeys(keysIn(raw));
	}
	expect([...portalWords]).toEqual(
		expect.arrayContaining(['lenguaje', 'codigo', 'moneda', 'operacion', 'desarrollo']),
	);

	const found: Record<string, string[]> = {};
	for (const run of runs) {
		const result = await runPortal(sandbox(), run.parameters, run.options);
		expect({ what: run.what, status: result.status }).toEqual({
			what: run.what,
			status: 'success',
		});
		expect(result.items.length).toBeGreaterThan(0);
		const keys = notEnglish(keysIn(jsonOf(result)));
		if (keys.length > 0) found[run.what] = keys;
	}
	expect(found).toEqual({});

	// With Simplify off the portal's unit stays as it came; what the node adds beside it is English.
	const rawDevelopments = jsonOf(await runPortal(sandbox(), developments({ simplify: false })));
	const portalUnitKeys = new Set(
		rawDevelopments.flatMap(unitsOf).flatMap((unit) => Object.keys(unit)),
	);
	for (const unit of rawUnits) {
		expect(Object.keys(unit).filter((key) => !portalUnitKeys.has(key))).toEqual(['development']);
	}
});
