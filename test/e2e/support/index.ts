export * from '../../../harness/n8n';
export { importsN8nDoesNotProvide } from './runtimeImports';
export { failedPackageLoads } from './n8nLog';
export { startPortalStack, type PortalStack } from './portalStack';
export { launchChromium, type RunningBrowser } from './browser';
export { N8nEditor, screenshotsDir } from './n8nEditor';
export { startServices, type Services, type Balancer } from './services';
export { nodeIssues } from './nodeIssues';
export { until } from './until';
export { webhookNode } from './webhookNode';
export { createLeadsDatabaseCredential, leadsTableRows } from './leadsTable';
export { nodeBinaryOutput, nodeOutput } from './nodeOutput';
export {
	SECRET_HEADER,
	doorSeesN8nUp,
	floodWithoutSecret,
	send,
	statusOf,
	type Outcome,
} from './doorClient';
