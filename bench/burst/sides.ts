/**
 * The receivers of the lead-burst benchmark. Ours: the landing workflow
 * (examples/leads-to-data-table.json: the callback trigger and the lead list into one Data table on
 * leadKey), with its trigger answering When Last Node Finishes (as shipped) or Immediately, behind
 * n8n's door (deploy/haproxy/n8n-door.cfg, its default N) or not, or with n8n's own concurrency
 * limit as the line instead of the door. The peers users keep: n8n's Webhook node and one Data
 * table insert, answering Immediately or When Last Node Finishes.
 */
import type { LeadBurstSide } from '../lib/options';

export type Respond = 'onReceived' | 'lastNode';

export interface SideDefinition {
	name: LeadBurstSide;
	/** The landing workflow (callback and lead list), or n8n's Webhook node and the upsert. */
	receiver: 'landing' | 'webhook';
	respond: Respond;
	/** Behind the door: n8n's webhook URL is the door's. */
	door: boolean;
	/** n8n's environment besides its webhook URL. */
	n8nEnv?: Record<string, string>;
}

type Receiver = Omit<SideDefinition, 'name'>;
const RECEIVERS: Record<LeadBurstSide, Receiver> = {
	'ours+door': { receiver: 'landing', respond: 'lastNode', door: true },
	ours: { receiver: 'landing', respond: 'lastNode', door: false },
	'ours-immediately+door': { receiver: 'landing', respond: 'onReceived', door: true },
	'ours-immediately': { receiver: 'landing', respond: 'onReceived', door: false },
	// n8n's own line instead of the door's: production executions beyond the limit stored and
	// waiting inside n8n (run again after a restart); the limit is the door's default N.
	'ours+n8n-limit': {
		receiver: 'landing',
		respond: 'lastNode',
		door: false,
		n8nEnv: { N8N_CONCURRENCY_PRODUCTION_LIMIT: '2' },
	},
	'webhook-immediately': { receiver: 'webhook', respond: 'onReceived', door: false },
	'webhook-lastnode': { receiver: 'webhook', respond: 'lastNode', door: false },
};

export const SIDES = Object.fromEntries(
	Object.entries(RECEIVERS).map(([name, side]) => [name, { name, ...side }]),
) as Record<LeadBurstSide, SideDefinition>;

/** The side the goals are about: the landing workflow as shipped, behind the door. */
export const SHIPPED: LeadBurstSide = 'ours+door';
/** The peers every ratio is against. */
export const PEERS: LeadBurstSide[] = ['webhook-immediately', 'webhook-lastnode'];
/** The peer whose answer, like the shipped side's, waits for its write: the one-at-a-time yardstick. */
export const WRITE_PEER: LeadBurstSide = 'webhook-lastnode';
/** The peer that answers before its write: the restart backlog's yardstick. */
export const IMMEDIATE_PEER: LeadBurstSide = 'webhook-immediately';
/** The sides that run leads one at a time before their scenarios. */
export const ONE_AT_A_TIME_SIDES: LeadBurstSide[] = [SHIPPED, WRITE_PEER];
