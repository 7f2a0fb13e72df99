/** harness/n8n/freePort.ts: the ports handed out for processes that must be told theirs up front. */
import { freePort } from '../../harness/n8n/freePort';

it('hands out no port twice in a process, though nothing listens on the ones handed out yet', async () => {
	// About 28,000 ephemeral ports: 500 picks the system makes at random share some.
	const ports: number[] = [];
	for (let pick = 0; pick < 500; pick++) ports.push(await freePort());

	expect(new Set(ports).size).toBe(ports.length);
});
