export { runNode, type RunNodeOptions, type RunNodeResult } from './runNode';
export { CredentialStore, type CredentialsInput, type CredentialUpdate } from './credentialStore';
export { PACKAGE_NAME, type NodeTypeInput } from './nodeTypes';
export { loadOptions, listSearch, type LoadOptionsOptions } from './loadOptions';
export { testCredential, type CredentialTestResult } from './testCredential';
