import { UnexpectedError } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, ICredentialType } from 'n8n-workflow';

export type CredentialsInput = Record<string, ICredentialDataDecryptedObject> | CredentialStore;

/**
 * Plays n8n's credentials table: the saved data of one credential per credential type, and
 * the credential types themselves. n8n writes a credential back when pre-authentication
 * refreshes an expirable field; here that lands in `data` and is recorded in `updates`.
 * Pass the same store to several runs to keep a refreshed token between them, as n8n does.
 */
export class CredentialStore {
	readonly updates: Array<{ type: string; data: ICredentialDataDecryptedObject }> = [];

	/** How many times a credential's data was read (n8n decrypts it from its table each time). */
	reads = 0;

	private readonly types = new Map<string, ICredentialType>();

	private readonly saved = new Map<string, ICredentialDataDecryptedObject>();

	constructor(
		credentialTypes: ICredentialType[],
		data: Record<string, ICredentialDataDecryptedObject> = {},
	) {
		for (const type of credentialTypes) this.types.set(type.name, type);
		for (const [type, values] of Object.entries(data)) this.save(type, values);
	}

	static from(input: CredentialsInput | undefined, credentialTypes: ICredentialType[]) {
		if (input instanceof CredentialStore) {
			for (const type of credentialTypes) input.addType(type);
			return input;
		}
		return new CredentialStore(credentialTypes, input);
	}

	addType(type: ICredentialType): void {
		if (!this.types.has(type.name)) this.types.set(type.name, type);
	}

	type(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) {
			throw new UnexpectedError(
				`Credential type "${name}" is unknown to the harness: pass it in credentialTypes`,
			);
		}
		return type;
	}

	hasType(name: string): boolean {
		return this.types.has(name);
	}

	/** Names of the credential types that have saved data, i.e. the node's selected credentials. */
	savedTypes(): string[] {
		return [...this.saved.keys()];
	}

	/** A copy of the saved data, as n8n decrypts a fresh copy for every use. */
	data(type: string): ICredentialDataDecryptedObject | undefined {
		this.reads++;
		const values = this.saved.get(type);
		return values === undefined ? undefined : structuredClone(values);
	}

	save(type: string, data: ICredentialDataDecryptedObject): void {
		this.type(type);
		this.saved.set(type, structuredClone(data));
	}

	/** What n8n's `updateCredentials` does: replace the saved data, here also remembered. */
	update(type: string, data: ICredentialDataDecryptedObject): void {
		this.save(type, data);
		this.updates.push({ type, data: structuredClone(data) });
	}

	/** The types `name` extends, transitively (n8n's CredentialTypes.getParentTypes). */
	parentTypes(name: string): string[] {
		const direct = this.types.get(name)?.extends ?? [];
		return direct.flatMap((parent) => [parent, ...this.parentTypes(parent)]);
	}
}
