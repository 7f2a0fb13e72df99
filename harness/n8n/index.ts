export { freePort } from './freePort';
export { N8nHttpError } from './httpJson';
export {
	ensureN8nInstalled,
	installPackageInto,
	requestedN8nRelease,
	type N8nInstall,
} from './n8nInstall';
export { n8nEnvironment } from './n8nEnvironment';
export { startN8n, type RunningN8n, type StartN8nOptions } from './n8nProcess';
export * from './n8nPublicApi';
export {
	N8nSession,
	type ListedNodeType,
	type OwnerAccount,
	type PublicationStatus,
} from './n8nSession';
export {
	API_KEY_LABEL_PREFIX,
	demoOwner,
	provisionOwner,
	publishWorkflow,
	unpublishWorkflow,
	type ProvisionedN8n,
} from './provision';
export * from './examples';
export { runManually, waitForExecution } from './manualRun';
export * from './portal';
export { processGroupMembers, processesMentioning } from './processes';
export {
	doorAnswer,
	doorRefusal,
	startDoor,
	type Door,
	type DoorOptions,
	type DoorWebhookSide,
} from './door';
export * from './destinations';
export { deliveriesOver, everyDeliveryOver } from './deliveries';
