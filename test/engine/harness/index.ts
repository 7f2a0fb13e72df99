export * from '../../../harness/engine';
export { loadOptions, listSearch, type LoadOptionsOptions } from './loadOptions';
export { testCredential, type CredentialTestResult } from './testCredential';
export { secretExposures, type RunTraces } from './secretExposures';
export { captureLogs, type CapturedLogs } from './captureLogs';
