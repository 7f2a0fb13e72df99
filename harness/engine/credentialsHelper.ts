import { Credentials, getAdditionalKeys } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	UnexpectedError,
	Workflow,
	isExpression,
} from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { CredentialStore } from './credentialStore';
import { HarnessNodeTypes } from './nodeTypes';

/** n8n's credential tester runs the test request as this node with this parameter. */
export const CREDENTIAL_TEST_NODE_TYPE = 'n8n-nodes-base.noOp';

const placeholderNode: INode = {
	id: 'credential-expressions',
	name: '',
	type: 'harness.credentialExpressions',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const placeholderNodeTypes = new HarnessNodeTypes().add(placeholderNode.type, {
	description: {
		displayName: 'Credential expressions',
		name: 'credentialExpressions',
		group: [],
		version: 1,
		description: '',
		defaults: {},
		inputs: [],
		outputs: [],
		properties: [],
	},
});

/**
 * The credentials helper of n8n's CLI (packages/cli/src/credentials-helper.ts), minus the
 * database: credentials come from a CredentialStore. What decides a node's behaviour is kept:
 * defaults of the credential type applied on decrypt, expressions in credential data resolved,
 * `authenticate` (function or generic, with `={{$credentials.x}}` resolved by n8n's expression
 * engine), and `preAuthentication` refreshing the expirable field when it is empty, after a
 * 401 (`credentialsExpired`) or during a credential test, with the result saved to the store.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly store: CredentialStore) {
		super();
	}

	getParentTypes(name: string): string[] {
		return this.store.parentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		if (!this.store.hasType(credentialType)) return true;
		const { restrictToSupportedNodes, supportedNodes } = this.store.type(credentialType);
		if (!restrictToSupportedNodes) return true;
		return (supportedNodes ?? []).some(
			(name) => nodeType === name || nodeType.endsWith(`.${name}`),
		);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.store.type(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node) {
				throw new UnexpectedError(
					'Workflow and node are required for declarative credential authentication',
				);
			}
			const resolve = (value: string) => {
				if (!isExpression(value)) return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved ? resolved.toString() : '';
			};
			requestOptions.headers ??= {};
			const target = requestOptions as unknown as Record<string, Record<string, unknown>>;
			for (const [section, entries] of Object.entries(authenticate.properties)) {
				target[section] ??= {};
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					target[section][resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.store.type(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirable === undefined || typeof credentialType.preAuthentication !== 'function') {
			return undefined;
		}
		const isCredentialTest =
			node?.parameters?.temp === '' && node?.type === CREDENTIAL_TEST_NODE_TYPE;
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isCredentialTest) {
			return undefined;
		}

		const output = (await credentialType.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined || !node.credentials) return undefined;

		// Like n8n: persist the refreshed fields, never overwriting a field saved as an expression.
		const saved = this.store.data(credentialType.name) ?? {};
		const toPersist = { ...saved };
		for (const [key, value] of Object.entries(output)) {
			if (key === expirable.name || !isExpression(saved[key])) toPersist[key] = value;
		}
		this.store.update(credentialType.name, toPersist);
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.store.type(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return (await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string) {
		const credentials = new Credentials(
			{ id: nodeCredentials.id, name: nodeCredentials.name },
			type,
		);
		await credentials.setData(this.savedData(nodeCredentials, type));
		return credentials;
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const saved = this.savedData(nodeCredentials, type);
		if (raw === true) return saved;
		return await this.applyDefaultsAndResolve(
			additionalData,
			saved,
			type,
			mode,
			executeData,
			expressionResolveValues,
		);
	}

	/** n8n's applyDefaultsAndOverwrites, without instance-level overwrites. */
	async applyDefaultsAndResolve(
		additionalData: IWorkflowExecuteAdditionalData,
		saved: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			saved as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (!Object.values(withDefaults).some((value) => isExpression(value))) return withDefaults;

		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { isCredential: true });
		if (expressionResolveValues) {
			const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } =
				expressionResolveValues;
			return workflow.expression.getParameterValue(
				withDefaults as INodeParameters,
				runExecutionData,
				runIndex,
				itemIndex,
				node.name,
				connectionInputData,
				mode,
				additionalKeys,
				executeData,
				false,
				withDefaults,
			) as ICredentialDataDecryptedObject;
		}
		const workflow = new Workflow({
			nodes: [placeholderNode],
			connections: {},
			active: false,
			nodeTypes: placeholderNodeTypes,
		});
		return await workflow.expression.withIsolate(
			async () =>
				workflow.expression.getComplexParameterValue(
					placeholderNode,
					withDefaults as INodeParameters,
					mode,
					additionalKeys,
					undefined,
					undefined,
					withDefaults,
				) as ICredentialDataDecryptedObject,
		);
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.update(type, data);
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.update(type, { ...this.store.data(type), oauthTokenData: data.oauthTokenData });
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.store.type(type);
		if (credentialType.extends === undefined) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}

	private savedData(nodeCredentials: INodeCredentialsDetails, type: string) {
		const saved = this.store.data(type);
		if (saved === undefined) {
			throw new UnexpectedError(
				`Credential with ID "${nodeCredentials.id ?? ''}" does not exist for type "${type}".`,
			);
		}
		return saved;
	}
}
