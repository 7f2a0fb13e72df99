import { ExecuteContext, RoutingNode } from 'n8n-core';
import { Workflow, createRunExecutionData } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { createAdditionalData } from '../../../harness/engine/additionalData';
import { CredentialStore } from '../../../harness/engine/credentialStore';
import {
	CREDENTIAL_TEST_NODE_TYPE,
	HarnessCredentialsHelper,
} from '../../../harness/engine/credentialsHelper';
import { ensureEngine } from '../../../harness/engine/engineSetup';
import { HarnessNodeTypes } from '../../../harness/engine/nodeTypes';

export interface CredentialTestResult extends INodeCredentialTestResult {
	/** The store the test ran with: it holds what pre-authentication saved, if anything. */
	credentials: CredentialStore;
}

/** n8n's credential tester runs the test request as the `temp` parameter of a no-op node. */
function testRequestNodeType(credentialType: string, test: ICredentialTestRequest): INodeType {
	return {
		description: {
			displayName: 'No Operation, do nothing',
			name: 'noOp',
			group: ['organization'],
			version: 1,
			description: 'Runs the credential test request',
			defaults: { name: 'No Operation, do nothing' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	};
}

/** Maps the outcome of the test request to n8n's answer, the way CredentialsTester does. */
function failureResult(error: unknown, test: ICredentialTestRequest): INodeCredentialTestResult {
	const { cause, message } = error as {
		cause?: { response?: { status: number; statusText?: string }; code?: string };
		message: string;
	};
	if (cause?.response) {
		const { status, statusText } = cause.response;
		const rule = test.rules?.find(
			(candidate) => candidate.type === 'responseCode' && candidate.properties.value === status,
		);
		if (rule) return { status: 'Error', message: rule.properties.message };
		if (status < 199 || status > 299) {
			return { status: 'Error', message: statusText || `Received HTTP status code: ${status}` };
		}
	} else if (cause?.code) {
		return { status: 'Error', message: cause.code };
	}
	return { status: 'Error', message: String(message) };
}

function successResult(
	response: INodeExecutionData[][] | null | undefined,
	test: ICredentialTestRequest,
): INodeCredentialTestResult {
	const body = response?.[0]?.[0]?.json ?? {};
	for (const rule of test.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		const value = rule.properties.key
			.split('.')
			.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], body);
		if (value === rule.properties.value)
			return { status: 'Error', message: rule.properties.message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

async function runTestRequest(
	credentialType: ICredentialType,
	test: ICredentialTestRequest,
	data: ICredentialDataDecryptedObject,
	additionalData: IWorkflowExecuteAdditionalData,
): Promise<INodeCredentialTestResult> {
	const nodeType = testRequestNodeType(credentialType.name, test);
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: CREDENTIAL_TEST_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: {
			[credentialType.name]: { id: 'credential-under-test', name: 'Credential under test' },
		},
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes().add(CREDENTIAL_TEST_NODE_TYPE, nodeType),
	});
	const workflowNode = workflow.getNode(node.name)!;
	const context = new ExecuteContext(
		workflow,
		workflowNode,
		additionalData,
		'internal',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node: workflowNode, data: {}, source: null },
		[],
	);
	const decrypted = {
		id: 'credential-under-test',
		name: 'Credential under test',
		type: credentialType.name,
		data,
	};
	try {
		const response = await new RoutingNode(context, nodeType, decrypted).runNode();
		return successResult(response, test);
	} catch (error) {
		return failureResult(error, test);
	}
}

/**
 * What the editor's "Test" button does for a credential with a `test` request (n8n's
 * CredentialsTester): the request goes over HTTP with the credential's authentication applied
 * (pre-authentication always runs during a test), then the `rules` decide the message.
 */
export async function testCredential(
	credentialType: ICredentialType,
	data: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	ensureEngine();
	const store = new CredentialStore([credentialType], { [credentialType.name]: data });
	const result = (status: INodeCredentialTestResult) => ({ ...status, credentials: store });
	if (!credentialType.test) {
		return result({ status: 'Error', message: 'No testing function found for this credential.' });
	}
	const helper = new HarnessCredentialsHelper(store);
	const additionalData = createAdditionalData({ credentialsHelper: helper });
	let withDefaults: ICredentialDataDecryptedObject;
	try {
		withDefaults = await helper.applyDefaultsAndResolve(
			additionalData,
			data,
			credentialType.name,
			'internal',
		);
	} catch (error) {
		return result({ status: 'Error', message: String((error as Error).message) });
	}
	return result(
		await runTestRequest(credentialType, credentialType.test, withDefaults, additionalData),
	);
}
