/**
 * The emulator's own record of the service requests it received and what fault injection did to
 * each (an in-process view: every request passes through the fault injector exactly once).
 */
import type { Sandbox } from '../../../sandbox';

export interface LoggedRequest {
	method: string;
	path: string;
	fault: 'none' | 'reset' | 'hang' | number;
}

export function recordRequests(sandbox: Sandbox): LoggedRequest[] {
	const log: LoggedRequest[] = [];
	const { faults } = sandbox.context;
	const decide = faults.decide.bind(faults);
	faults.decide = (method, path) => {
		const decision = decide(method, path);
		const { action } = decision;
		log.push({ method, path, fault: action.type === 'answer' ? action.status : action.type });
		return decision;
	};
	return log;
}
