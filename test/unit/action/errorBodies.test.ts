/** What an error answer says, whatever its body; and secrets scrubbed from any text. */
import { portalNotices, readServiceError } from '../../../nodes/shared/errorBody';
import { redact } from '../../../nodes/shared/redact';

test.each([
	[
		{ code: 'not_found', message: 'No agency' },
		{ code: 'not_found', message: 'No agency' },
	],
	[
		'{"code":"bad_request","message":"titulo: too long"}',
		{ code: 'bad_request', message: 'titulo: too long' },
	],
	[
		'<?xml version="1.0"?><OAuth2Exception><error>invalid_client</error><error_description>Bad client credentials</error_description></OAuth2Exception>',
		{ code: 'invalid_client', message: 'Bad client credentials' },
	],
	[
		'<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
		{ message: '502 Bad Gateway' },
	],
	['  Service down  ', { message: 'Service down' }],
	[Buffer.from('{"code":"x","message":"from a buffer"}'), { code: 'x', message: 'from a buffer' }],
	[
		{
			errors: [
				{ messageCode: 'ERR-0502', messageText: 'Sin créditos.' },
				{ messageCode: 'ERR-0501', messageText: 'Sin plan.' },
				{ messageCode: 'ERR-X' },
			],
			warnings: [{ messageCode: 'WARN-0211', messageText: 'Más de 50 imágenes.' }],
		},
		{
			code: 'ERR-0502',
			message: 'Sin créditos. Sin plan. Más de 50 imágenes.',
			messages: [
				{ code: 'ERR-0502', text: 'Sin créditos.', level: 'error' },
				{ code: 'ERR-0501', text: 'Sin plan.', level: 'error' },
				{ code: 'WARN-0211', text: 'Más de 50 imágenes.', level: 'warning' },
			],
		},
	],
	[
		{ warnings: [{ messageCode: 'WARN-0211', messageText: 'Más de 50 imágenes.' }] },
		{
			code: 'WARN-0211',
			message: 'Más de 50 imágenes.',
			messages: [{ code: 'WARN-0211', text: 'Más de 50 imágenes.', level: 'warning' }],
		},
	],
	[
		{ errors: [], code: 'bad_request', message: 'plain' },
		{ code: 'bad_request', message: 'plain' },
	],
	['', {}],
	[undefined, {}],
	[[1, 2], {}],
])('%p', (body, expected) => {
	expect(readServiceError(body)).toEqual(expected);
});

test('warnings and information of a success are read, errors and malformed entries left out', () => {
	expect(
		portalNotices({
			code: 'ok',
			warnings: [{ messageCode: 'WARN-0211', messageText: ' Más de 50 imágenes. ' }, 'x', null],
			informacion: [{ messageText: 'Procesado.' }],
		}),
	).toEqual({
		warnings: [{ code: 'WARN-0211', text: 'Más de 50 imágenes.' }],
		information: [{ code: '', text: 'Procesado.' }],
	});
	expect(portalNotices({ code: 'ok', warnings: [] })).toEqual({});
	expect(portalNotices(undefined)).toEqual({});
});

test('a long text is shortened', () => {
	expect(readServiceError('x'.repeat(1000)).message).toHaveLength(301);
});

test('redact hides access_token and client_secret parameters and the given secrets', () => {
	expect(redact('GET /v1/a?pageable.size=1&access_token=abc-123&x=1')).toBe(
		'GET /v1/a?pageable.size=1&access_token=**hidden**&x=1',
	);
	expect(redact('client_secret=s3cr3t')).toBe('client_secret=**hidden**');
	expect(redact('token my-token-value refused, my-token-value!', ['my-token-value'])).toBe(
		'token **hidden** refused, **hidden**!',
	);
});
