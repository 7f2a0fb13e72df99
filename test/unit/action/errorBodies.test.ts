/** What an error answer says, whatever its body; and secrets scrubbed from any text. */
import { readServiceError } from '../../../nodes/shared/errorBody';
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
	['', {}],
	[undefined, {}],
	[[1, 2], {}],
])('%p', (body, expected) => {
	expect(readServiceError(body)).toEqual(expected);
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
