/**
 * The details memory of each interface: its agencies list, its operations lookup and its linked
 * agencies' books (agencyBook.ts), read ahead and kept warm under the age rules of ages.ts. Nothing
 * here waits on a timer: reads start at activation and at each use (a lead, a poll), in the
 * background, and a lead reads memory.
 *
 * Bounds: books hold at most MAX_KEPT_ADS ads and MAX_KEPT_BOOKS books over every interface (an
 * interface of 1,000 agencies × 20 ads holds 20,000); lists are kept for MAX_KEPT_INTERFACES
 * interfaces; ads looked up alone are bounded apart (portalLookups.ts).
 */
import type { AgencySummary } from '../normalize';
import { runInPool } from '../pool';
import type { PortalContext } from '../transport';
import { MEMORY_AGE } from './ages';
import { adIn, readAgencyBook, type AgencyBook } from './agencyBook';
import { BookShelf } from './bookShelf';
import { KeptRead, type Held } from './keptRead';
import type { AdReference, KnownAd } from './knownAd';
import type { Looked } from './looked';
import { forgetAdLookups, readAgencies, readOperations } from './portalLookups';

/** An ad kept takes about 450 bytes (a title of 50 characters): about 18 MB at most. */
export const MAX_KEPT_ADS = 40_000;
export const MAX_KEPT_BOOKS = 20_000;
const MAX_KEPT_INTERFACES = 200;
/** How long a read started in the background may take (one list, every page). */
const BACKGROUND_READ_MS = 60_000;
/** Agencies whose books are read at once in the background (each book is 1 + operations lists). */
const BOOKS_READ_AT_ONCE = 4;
/** An interface's books are looked over for reads due at most this often. */
const SWEEP_AT_MOST_EVERY_MS = 30_000;

export interface InterfaceMemory {
	identity: string;
	agencies: KeptRead<AgencySummary[]>;
	operations: KeptRead<string[]>;
	books: BookShelf;
	sweeping: boolean;
	nextSweepAt: number;
}

let shelf = new BookShelf(MAX_KEPT_ADS, MAX_KEPT_BOOKS);
let interfaces = new Map<string, InterfaceMemory>();

/** Forgets everything kept (tests and benchmarks start from an empty memory). */
export function forgetLookups(): void {
	shelf = new BookShelf(MAX_KEPT_ADS, MAX_KEPT_BOOKS);
	interfaces = new Map();
	forgetAdLookups();
}

/** How many ads the books hold, for benchmarks. */
export const keptAdCount = () => shelf.adCount;

/** The interface's memory, made when absent; the least recently used interface leaves first. */
export function memoryOf(identity: string): InterfaceMemory {
	const known = interfaces.get(identity);
	if (known !== undefined) {
		interfaces.delete(identity);
		interfaces.set(identity, known);
		return known;
	}
	const made: InterfaceMemory = {
		identity,
		agencies: new KeptRead(MEMORY_AGE.agenciesFreshMs),
		operations: new KeptRead(MEMORY_AGE.operationsFreshMs),
		books: shelf,
		sweeping: false,
		nextSweepAt: 0,
	};
	interfaces.set(identity, made);
	if (interfaces.size > MAX_KEPT_INTERFACES) {
		interfaces.delete(interfaces.keys().next().value as string);
	}
	return made;
}

/** Whether the memory is still the one kept (not forgotten or left since). */
const isKept = (memory: InterfaceMemory) => interfaces.get(memory.identity) === memory;

const valueOf = async <T>(held: Promise<Looked<Held<T>>>): Promise<Looked<T>> => {
	const outcome = await held;
	return outcome.ok ? { ok: true, value: outcome.value.value } : outcome;
};

export function linkedAgencies(
	ctx: PortalContext,
	memory: InterfaceMemory,
	deadline: number,
): Promise<Looked<AgencySummary[]>> {
	return valueOf(memory.agencies.get(async () => await readAgencies(ctx, deadline)));
}

export function knownOperations(
	ctx: PortalContext,
	memory: InterfaceMemory,
	deadline: number,
): Promise<Looked<string[]>> {
	return valueOf(memory.operations.get(async () => await readOperations(ctx, deadline)));
}

const bookKey = (memory: InterfaceMemory, agencyCode: string) => `${memory.identity}|${agencyCode}`;

function bookReader(
	ctx: PortalContext,
	memory: InterfaceMemory,
	agencyCode: string,
	deadline: number,
) {
	return async (): Promise<AgencyBook> => {
		const operations = await knownOperations(ctx, memory, deadline);
		return await readAgencyBook(ctx, agencyCode, operations.ok ? operations.value : [], deadline);
	};
}

/** The agency's book: from memory at once, else its read (started when none is in flight). */
export function agencyBook(
	ctx: PortalContext,
	memory: InterfaceMemory,
	agencyCode: string,
	deadline: number,
): Promise<Looked<Held<AgencyBook>>> {
	const book = memory.books.book(bookKey(memory, agencyCode));
	return book.get(bookReader(ctx, memory, agencyCode, deadline));
}

/** The ad, when one of these agencies' books in memory holds it; no read starts. */
export function adInMemory(
	memory: InterfaceMemory,
	agencyCodes: string[],
	reference: AdReference,
): { agencyCode: string; ad: KnownAd } | undefined {
	for (const agencyCode of agencyCodes) {
		const held = memory.books.peek(bookKey(memory, agencyCode))?.current();
		const ad = held && adIn(held.value, reference);
		if (ad) return { agencyCode, ad };
	}
	return undefined;
}

/** Reads the agency's book again now, in the background: memory is behind the portal. */
export function rereadBook(ctx: PortalContext, memory: InterfaceMemory, agencyCode: string): void {
	const book = memory.books.peek(bookKey(memory, agencyCode));
	if (book === undefined) return;
	book.markDue();
	void book.refresh(bookReader(ctx, memory, agencyCode, Date.now() + BACKGROUND_READ_MS));
}

/** The agencies whose books hold the ad (an ad change naming no agency). */
export function agenciesHolding(memory: InterfaceMemory, reference: AdReference): string[] {
	const agencies = memory.agencies.current()?.value ?? [];
	const codes = agencies.map((agency) => agency.agencyCode).filter((code) => code !== null);
	return codes.filter((code) => adInMemory(memory, [code], reference) !== undefined);
}

/**
 * Starts, in the background, every read that is due: the agencies list, the operations, and the
 * book of each linked agency (BOOKS_READ_AT_ONCE at a time through the pool). Never waits; at most
 * one such sweep per interface at a time, and at most one every SWEEP_AT_MOST_EVERY_MS.
 */
export function readWhatIsDue(ctx: PortalContext, memory: InterfaceMemory): void {
	if (memory.sweeping || Date.now() < memory.nextSweepAt) return;
	memory.sweeping = true;
	const sweeping = sweep(ctx, memory).finally(() => {
		memory.sweeping = false;
		memory.nextSweepAt = Date.now() + SWEEP_AT_MOST_EVERY_MS;
		sweeps.delete(sweeping);
	});
	sweeps.add(sweeping);
}

const sweeps = new Set<Promise<void>>();

/**
 * Resolves once the background reads under way have ended (tests and benchmarks, after
 * forgetLookups, before they close the portal: a forgotten memory starts no new read).
 */
export async function backgroundReadsEnded(): Promise<void> {
	await Promise.all([...sweeps]);
}

async function sweep(ctx: PortalContext, memory: InterfaceMemory): Promise<void> {
	const deadline = Date.now() + BACKGROUND_READ_MS;
	void knownOperations(ctx, memory, deadline);
	const agencies = await linkedAgencies(ctx, memory, deadline);
	if (!agencies.ok) return;
	const due = agencies.value
		.map((agency) => agency.agencyCode)
		.filter((code): code is string => code !== null && code !== '')
		.filter((code) => memory.books.peek(bookKey(memory, code))?.isDue() ?? true);
	await runInPool(due.length, BOOKS_READ_AT_ONCE, async (index) => {
		// A forgotten memory reads no more.
		if (!isKept(memory)) return;
		const agencyCode = due[index];
		const book = memory.books.book(bookKey(memory, agencyCode));
		await book.refresh(bookReader(ctx, memory, agencyCode, Date.now() + BACKGROUND_READ_MS));
	});
}
