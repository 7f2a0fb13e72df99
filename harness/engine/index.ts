export { runNode, type RunNodeOptions, type RunNodeResult } from './runNode';
export { CredentialStore, type CredentialsInput, type CredentialUpdate } from './credentialStore';
export { PACKAGE_NAME, type NodeTypeInput } from './nodeTypes';
export { TriggerWorkflow, type TriggerOptions } from './trigger/triggerWorkflow';
export {
	receiveWebhook,
	WebhookReceiver,
	type ReceiveWebhookOptions,
} from './trigger/webhookReceiver';
export type { ReceivedWebhook } from './trigger/executeWebhook';
export type { WebhookMode } from './trigger/nodeWebhooks';
export type { WebhookRequest, WebhookResponse } from './trigger/httpAdapter';
export {
	PollWorkflow,
	type PollOptions,
	type PollOutcome,
	type ManualPollResult,
} from './poll/pollWorkflow';
