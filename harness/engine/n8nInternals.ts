import { createRequire } from 'node:module';

/**
 * n8n-core ships its own copies of `@n8n/di`, `@n8n/config` and `@n8n/backend-common`
 * (under node_modules/n8n-core/node_modules). The engine resolves its services from THOSE
 * copies, so the harness must register into them, not into any other copy npm installed.
 * They are not resolvable from the project root, hence the typed shims below.
 */
export const requireFromCore = createRequire(require.resolve('n8n-core'));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ServiceToken = abstract new (...args: any[]) => unknown;

interface DiContainer {
	has(token: ServiceToken): boolean;
	get<T>(token: ServiceToken): T;
	set(token: ServiceToken, instance: unknown): void;
}

export interface InstanceSettingsConfigShape {
	n8nFolder: string;
	userHome: string;
	encryptionKey: string;
	enforceSettingsFilePermissions: boolean;
}

export const Container = (requireFromCore('@n8n/di') as { Container: DiContainer }).Container;

/** DI token of n8n's Logger: every node context's `this.logger` is `Container.get(Logger)`. */
export const LoggerToken = (requireFromCore('@n8n/backend-common') as { Logger: ServiceToken })
	.Logger;

export const InstanceSettingsConfig = (
	requireFromCore('@n8n/config') as {
		InstanceSettingsConfig: new () => InstanceSettingsConfigShape;
	}
).InstanceSettingsConfig;
