/** The details' memory stays bounded: by entries (the least recently used leaves) and by age. */
import { BoundedCache } from '../../../nodes/shared/leadDetails/boundedCache';

const value = (text: string) => Promise.resolve(text);

it('keeps at most maxEntries: the least recently used entry leaves first', async () => {
	const cache = new BoundedCache<string>(3);
	cache.set('a', value('A'), 60_000, 0);
	cache.set('b', value('B'), 60_000, 0);
	cache.set('c', value('C'), 60_000, 0);
	await expect(cache.get('a', 1)).resolves.toBe('A'); // a is now the most recently used
	cache.set('d', value('D'), 60_000, 2);

	expect(cache.size).toBe(3);
	expect(cache.get('b', 3)).toBeUndefined();
	await expect(cache.get('a', 3)).resolves.toBe('A');
	await expect(cache.get('d', 3)).resolves.toBe('D');
});

it('forgets an entry once it is older than the age it was kept for', async () => {
	const cache = new BoundedCache<string>(10);
	cache.set('ad', value('title'), 1_000, 0);

	await expect(cache.get('ad', 999)).resolves.toBe('title');
	expect(cache.has('ad', 1_000)).toBe(false);
	expect(cache.get('ad', 1_000)).toBeUndefined();
	expect(cache.size).toBe(0);
});

it('a thousand agencies × twenty ads: the memory holds its bound, not the whole network', () => {
	const cache = new BoundedCache<string>(10_000);
	for (let agency = 0; agency < 1_000; agency++) {
		for (let ad = 0; ad < 20; ad++) cache.set(`${agency}|${ad}`, value('x'), 60_000, 0);
	}
	expect(cache.size).toBe(10_000);
	expect(cache.has('999|19', 0)).toBe(true);
	expect(cache.has('0|0', 0)).toBe(false);
});
