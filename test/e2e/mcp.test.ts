/**
 * The action node as AI agents use it: a published workflow with n8n's MCP Server Trigger and the
 * node's tool variant (examples/ai-agent-tools-mcp.json), reached by a real MCP client, the
 * official SDK, over streamable HTTP. The client lists the tools and calls them; the answers are
 * the emulator's data.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import {
	loadExample,
	MCP_TRIGGER_TYPE,
	publishWorkflow,
	startPortalStack,
	TOOL_TYPE,
	type PortalStack,
	type StoredWorkflow,
} from './support';

interface ToolText {
	content?: Array<{ type: string; text?: string }>;
	isError?: boolean;
}

/** The JSON a tool answered, from its text content. */
function answerOf(result: ToolText): unknown {
	const text = (result.content ?? [])
		.filter((part) => part.type === 'text')
		.map((part) => part.text ?? '')
		.join('');
	return JSON.parse(text) as unknown;
}

/** n8n answers a tool's items either as the list itself or as `{response: ...}`. */
function itemsOf(answer: unknown): Array<Record<string, unknown>> {
	const list = Array.isArray(answer) ? answer : (answer as { response?: unknown }).response;
	if (!Array.isArray(list)) throw new Error(`Not a list of items: ${JSON.stringify(answer)}`);
	return list as Array<Record<string, unknown>>;
}

describe('the action node as tools of an MCP server, in a real n8n', () => {
	let stack: PortalStack;
	let workflow: StoredWorkflow;
	let client: Client;

	beforeAll(async () => {
		stack = await startPortalStack('mcp');
		workflow = await stack.owner.api.createWorkflow(loadExample('aiAgentTools', stack.credential));
		expect(await publishWorkflow(stack.owner, workflow.id)).toMatchObject({ status: 'published' });
		const trigger = workflow.nodes.find((node) => node.type === MCP_TRIGGER_TYPE)!;
		const path = (trigger.parameters as { path: string }).path;
		client = new Client({ name: 'real-estate-portal-e2e', version: '1.0.0' });
		await client.connect(
			new StreamableHTTPClientTransport(new URL(`${stack.n8n.url}/mcp/${path}`)),
		);
	}, 900_000);

	afterAll(async () => {
		await client?.close();
		await stack?.stop();
	});

	it('lists one tool per node, each with a description and parameters a model can read', async () => {
		const { tools } = await client.listTools();
		const toolNodes = workflow.nodes.filter((node) => node.type === TOOL_TYPE);
		expect(tools.map((tool) => tool.name).sort()).toEqual(
			['Get_Ad', 'List_Agencies', 'Search_Online_Ads'].sort(),
		);
		expect(toolNodes).toHaveLength(3);
		const search = tools.find((tool) => tool.name === 'Search_Online_Ads')!;
		expect(search.description).toMatch(/^Searches the online property ads of one agency/);
		const properties = search.inputSchema.properties as Record<string, { description?: string }>;
		expect(Object.keys(properties).sort()).toEqual(['agencyCode', 'limit', 'titleWords']);
		expect(properties.titleWords.description).toMatch(/Words that must all appear in the ad title/);
		expect(search.inputSchema.required).toEqual(expect.arrayContaining(['agencyCode']));
	});

	it('List Agencies answers the emulator agencies', async () => {
		const result = (await client.callTool({ name: 'List_Agencies', arguments: {} })) as ToolText;
		expect(result.isError).toBeFalsy();
		expect(itemsOf(answerOf(result)).map((agency) => agency.agencyCode)).toEqual([
			'INMO-001',
			'INMO-002',
		]);
	}, 120_000);

	it('Search Online Ads with title words answers the matching ads of the emulator', async () => {
		const [sample] = await stack.portal.ads('INMO-001');
		const word = String(sample.titulo).split(' ')[0];
		const result = (await client.callTool({
			name: 'Search_Online_Ads',
			arguments: { agencyCode: 'INMO-001', limit: 5, titleWords: word },
		})) as ToolText;
		expect(result.isError).toBeFalsy();
		const ads = itemsOf(answerOf(result));
		expect(ads.length).toBeGreaterThan(0);
		expect(ads.length).toBeLessThanOrEqual(5);
		for (const ad of ads) {
			expect(ad).toEqual(
				expect.objectContaining({ platformAdId: expect.any(Number), title: expect.any(String) }),
			);
			expect(String(ad.title).toLowerCase()).toContain(word.toLowerCase());
		}
		expect(ads[0].platformAdId).toBe(sample.idAvisoPlat);
	}, 120_000);

	it('Get Ad by platform ID answers that ad', async () => {
		const [, second] = await stack.portal.ads('INMO-001');
		const result = (await client.callTool({
			name: 'Get_Ad',
			arguments: { agencyCode: 'INMO-001', platformAdId: second.idAvisoPlat },
		})) as ToolText;
		expect(result.isError).toBeFalsy();
		expect(itemsOf(answerOf(result))).toEqual([
			expect.objectContaining({ platformAdId: second.idAvisoPlat, title: second.titulo }),
		]);
	}, 120_000);
});
