/**
 * The agencies' books stay bounded over every interface: by ads and by books, the least recently
 * used book leaving first; a network interface of 1,000 agencies × 20 ads fits whole.
 */
import type { AgencyBook } from '../../../nodes/shared/leadDetails/agencyBook';
import { BookShelf } from '../../../nodes/shared/leadDetails/bookShelf';
import { MAX_KEPT_ADS, MAX_KEPT_BOOKS } from '../../../nodes/shared/leadDetails/detailsMemory';

/** A book of `size` ads (their contents do not matter here). */
const bookOf = (size: number): AgencyBook => ({
	byCode: new Map(),
	byId: new Map(),
	size,
	whole: true,
});

async function store(shelf: BookShelf, key: string, size: number, now = 0) {
	await shelf.book(key).get(async () => bookOf(size), now);
}

it('past maxAds, the least recently used books leave first; the book just stored stays', async () => {
	const shelf = new BookShelf(100, 1_000);
	await store(shelf, 'a', 40);
	await store(shelf, 'b', 40);
	shelf.book('a'); // a is now the most recently used
	await store(shelf, 'c', 40);

	expect(shelf.adCount).toBe(80);
	expect(shelf.peek('b')).toBeUndefined();
	expect(shelf.peek('a')?.heldValue()?.size).toBe(40);
	expect(shelf.peek('c')?.heldValue()?.size).toBe(40);
});

it('a book read again counts its new size, not both', async () => {
	const shelf = new BookShelf(100, 1_000);
	await store(shelf, 'a', 40);
	shelf.book('a').markDue();
	await shelf.book('a').refresh(async () => bookOf(55), 60_000);

	expect(shelf.adCount).toBe(55);
});

it('a book that left the shelf while it was read counts nothing when its read ends', async () => {
	const shelf = new BookShelf(1_000, 2);
	let finish: (book: AgencyBook) => void = () => undefined;
	const reading = shelf
		.book('slow')
		.get(async () => await new Promise<AgencyBook>((resolve) => (finish = resolve)), 0);
	await store(shelf, 'b', 10);
	await store(shelf, 'c', 10);
	finish(bookOf(500));
	await reading;

	expect(shelf.peek('slow')).toBeUndefined();
	expect(shelf.adCount).toBe(20);
});

it('a network interface of 1,000 agencies × 20 ads fits whole within the bounds', async () => {
	const shelf = new BookShelf(MAX_KEPT_ADS, MAX_KEPT_BOOKS);
	for (let agency = 0; agency < 1_000; agency++) await store(shelf, `network|NET-${agency}`, 20);

	expect(shelf.adCount).toBe(20_000);
	expect(shelf.peek('network|NET-0')?.heldValue()?.size).toBe(20);
});

it('past maxBooks, the least recently used book leaves, empty or not', async () => {
	const shelf = new BookShelf(1_000, 3);
	for (const key of ['a', 'b', 'c', 'd']) await store(shelf, key, 1);

	expect(shelf.peek('a')).toBeUndefined();
	expect(shelf.adCount).toBe(3);
});
