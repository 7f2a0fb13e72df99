/**
 * The HTTP server: body parsing that never crashes, one error shape, fault injection on the
 * service's paths only, a request log that never shows a token, then the routes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, {
	type FastifyError,
	type FastifyInstance,
	type FastifyReply,
	type FastifyRequest,
} from 'fastify';
import { BEHAVIOUR, SandboxError, errors } from './behaviour';
import type { SandboxContext } from './context';
import { ADMIN_PREFIX, registerAdmin } from './admin';
import { registerAdSummary } from './routes/adSummary';
import { registerAgencies } from './routes/agencies';
import { registerAssociation } from './routes/association';
import { registerCallbacks } from './routes/callbacks';
import { registerContactTypes } from './routes/contactTypes';
import { registerDevelopments } from './routes/developments';
import { registerLogin } from './routes/login';
import { registerMessages } from './routes/messages';
import { registerSimulation } from './routes/simulation';

/** Hides secrets a query may carry before a URL is written to the log. */
export function redactUrl(url: string): string {
	return url.replace(/((?:access_token|client_secret)=)[^&]*/g, '$1***');
}

const pathOf = (url: string) => url.split('?', 1)[0];

function parseBodies(app: FastifyInstance) {
	const json = app.getDefaultJsonParser('error', 'error');
	app.removeAllContentTypeParsers();
	// An empty JSON body (a PUT without payload sent by a client library) is no body, not an error.
	app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
		const text = body as string;
		if (text.trim() === '') return done(null, undefined);
		json(request, text, done);
	});
	app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
		const text = body as string;
		if (text.trim() === '') return done(null, undefined);
		if (String(request.headers['content-type']).includes('application/x-www-form-urlencoded')) {
			return done(null, Object.fromEntries(new URLSearchParams(text)));
		}
		// Other types: JSON when it parses (clients forget the header), the raw text otherwise.
		json(request, text, (error, parsed) => done(null, error ? text : parsed));
	});
}

function answerErrors(app: FastifyInstance, ctx: SandboxContext) {
	app.setErrorHandler((error: FastifyError, _request, reply) => {
		if (error instanceof SandboxError) return reply.code(error.status).send(error.toBody());
		const status = error.statusCode ?? 500;
		if (status >= 400 && status < 500) {
			const known: Record<string, [string, string]> = {
				FST_ERR_CTP_INVALID_JSON_BODY: ['bad_request', 'The request body is not valid JSON'],
				FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'The request body is too large'],
			};
			const [code, message] = known[error.code] ?? ['bad_request', error.message];
			return reply.code(status).send({ code, message });
		}
		ctx.log(`unexpected error: ${error.stack ?? error.message}`);
		return reply.code(500).send(errors.unexpected().toBody());
	});
	app.setNotFoundHandler((request, reply) => {
		const path = pathOf(request.url);
		const { prefixes, answerAsBadToken } = BEHAVIOUR.unknownPaths;
		if (answerAsBadToken && prefixes.some((prefix) => path.startsWith(prefix))) {
			const refusal = errors.badToken();
			return reply.code(refusal.status).send(refusal.toBody());
		}
		return reply.code(404).send(errors.notFound(`No endpoint ${request.method} ${path}`).toBody());
	});
}

/** Waits `ms`, or less when the client gives up (or the server closes) and the connection goes. */
async function holdWhileConnected(request: FastifyRequest, ms: number): Promise<void> {
	const gone = new AbortController();
	const socket = request.raw.socket;
	const abort = () => gone.abort();
	socket.once('close', abort);
	try {
		await sleep(ms, undefined, { signal: gone.signal });
	} catch {
		// The connection went first: nothing to hold any more.
	} finally {
		socket.off('close', abort);
	}
}

/** Counts the service's requests and injects faults into them (never into /__sandbox/*). */
function injectFaults(app: FastifyInstance, ctx: SandboxContext) {
	app.addHook('onRequest', async (request, reply) => {
		const path = pathOf(request.url);
		if (path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)) return;
		reply.raw.once('close', ctx.requests.received());
		const { latencyMs, action } = ctx.faults.decide(request.method, path);
		if (latencyMs > 0) await sleep(latencyMs);
		if (action.type === 'hang') await holdWhileConnected(request, action.ms);
		if (action.type === 'reset' || action.type === 'hang') {
			reply.hijack();
			request.raw.socket.destroy();
			return reply;
		}
		if (action.type === 'answer') {
			return reply
				.code(action.status)
				.headers(action.headers)
				.type(action.contentType)
				.send(action.body);
		}
	});
}

/** Fastify's own answer to a badly encoded URL would echo it, access_token included. */
function answerBadUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
	const body = errors
		.badRequest('The request path is not valid (bad percent-encoding or too long)')
		.toBody();
	reply.code(error.statusCode ?? 400).send(body);
}

export function buildServer(
	ctx: SandboxContext,
	startSeed: number,
	quiet: boolean,
): FastifyInstance {
	const app = Fastify({
		logger: false,
		routerOptions: { ignoreTrailingSlash: true },
		// Close keep-alive connections too, so a test's close() never waits on a client's pool.
		forceCloseConnections: true,
		frameworkErrors: answerBadUrl,
	});
	parseBodies(app);
	answerErrors(app, ctx);
	injectFaults(app, ctx);
	if (!quiet) {
		app.addHook('onResponse', async (request, reply) => {
			const ms = reply.elapsedTime.toFixed(1);
			ctx.log(`${request.method} ${redactUrl(request.url)} → ${reply.statusCode} (${ms} ms)`);
		});
	}
	for (const register of [
		registerLogin,
		registerAgencies,
		registerAdSummary,
		registerDevelopments,
		registerAssociation,
		registerCallbacks,
		registerSimulation,
		registerMessages,
		registerContactTypes,
	]) {
		register(app, ctx);
	}
	registerAdmin(app, ctx, startSeed);
	return app;
}
