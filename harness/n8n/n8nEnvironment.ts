/**
 * The environment every n8n we start runs with: loopback only, nothing phoning home, community
 * packages loaded from `<userFolder>/.n8n/nodes`. Callers add or override variables per test.
 */
export function n8nEnvironment(options: {
	userFolder: string;
	port: number;
	brokerPort: number;
}): Record<string, string> {
	const url = `http://127.0.0.1:${options.port}/`;
	return {
		// Jest sets NODE_ENV=test, under which n8n exits at once without a word.
		NODE_ENV: 'production',
		N8N_USER_FOLDER: options.userFolder,
		N8N_PORT: String(options.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: url,
		// The URL n8n shows for, and registers as, production and test webhooks.
		N8N_WEBHOOK_URL: url,
		// n8n's task broker defaults to 5679; several instances side by side need their own.
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// The auth cookie must work over plain http on loopback (the browser test logs in).
		N8N_SECURE_COOKIE: 'false',
		// Community packages: load what is installed in <userFolder>/.n8n/nodes, never fetch any.
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_COMMUNITY_PACKAGES_PREVENT_LOADING: 'false',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// No traffic beyond loopback: telemetry, version checks, templates, banners, surveys.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		// Refreshes a catalogue from api.n8n.io every start.
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
	};
}
