/**
 * Every agency book in process memory (agencyBook.ts), each a KeptRead under the age rules of
 * ages.ts, bounded together: at most `maxAds` ads and `maxBooks` books over every interface; past
 * either, the least recently used books leave first (the one just stored stays).
 */
import { MEMORY_AGE } from './ages';
import type { AgencyBook } from './agencyBook';
import { KeptRead } from './keptRead';

export class BookShelf {
	private readonly books = new Map<string, KeptRead<AgencyBook>>();
	private adsHeld = 0;

	constructor(
		readonly maxAds: number,
		readonly maxBooks: number,
	) {}

	/** How many ads the books hold, for benchmarks and tests. */
	get adCount(): number {
		return this.adsHeld;
	}

	/** The book kept under `key`, made (empty, due) when absent; marked as just used. */
	book(key: string): KeptRead<AgencyBook> {
		const known = this.books.get(key);
		if (known !== undefined) {
			this.books.delete(key);
			this.books.set(key, known);
			return known;
		}
		const made: KeptRead<AgencyBook> = new KeptRead<AgencyBook>(
			MEMORY_AGE.bookFreshMs,
			(value, replaced) => this.stored(key, made, value, replaced),
		);
		this.books.set(key, made);
		this.evict(key);
		return made;
	}

	/** The book kept under `key`, if any, without marking it used. */
	peek(key: string): KeptRead<AgencyBook> | undefined {
		return this.books.get(key);
	}

	private stored(
		key: string,
		book: KeptRead<AgencyBook>,
		value: AgencyBook,
		replaced?: AgencyBook,
	) {
		// A book that left the shelf while it was read counts no more.
		if (this.books.get(key) !== book) return;
		this.adsHeld += value.size - (replaced?.size ?? 0);
		this.evict(key);
	}

	private evict(keep: string) {
		for (const [key, book] of this.books) {
			if (this.adsHeld <= this.maxAds && this.books.size <= this.maxBooks) return;
			if (key === keep) continue;
			this.books.delete(key);
			this.adsHeld -= book.heldValue()?.size ?? 0;
		}
	}
}
