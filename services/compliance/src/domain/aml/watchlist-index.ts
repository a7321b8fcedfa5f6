import { nameFloor, prepareName, type PreparedName } from './name-match';
import { chooseSimilar, indexingTexts, type IndexedText, type SimilarTexts } from './similar-texts';
import { finish, finishBetweenTurns, type Steps } from './steps';
import type { WatchlistEntry } from './watchlist';

/**
 * A loaded list, indexed so that a screening compares a name with the list's distinct words, not
 * with every entry: a list of 10,000 entries shares most of its words (`mohammed`, `ali`,
 * `trading`...), and the few entries whose words come close are then judged in full. Nothing is
 * traded for speed: every entry the full scan would find is a candidate (see `nameFloor`).
 */
export interface WatchlistIndex {
  /** Each entry's names, by position: its own first, then its aliases. */
  names: readonly (readonly PreparedName[])[];
  /** The distinct words of all names, each with the entries that use it. */
  words: SimilarTexts;
  /** Every name's words run together, each with its entries. */
  joined: SimilarTexts;
  /** The entries that list a document, by its key (`documentKey`). */
  documents: ReadonlyMap<string, readonly number[]>;
}

/** Passport and registration numbers as compared: upper case, letters and digits only. */
export const documentKey = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Shorter document keys say too little to settle who someone is. */
export const MIN_DOCUMENT_KEY_LENGTH = 4;

const indexes = new WeakMap<readonly WatchlistEntry[], WatchlistIndex>();

/** The index of a list, built now if it was not when the list was loaded; dropped with the list. */
export function watchlistIndex(entries: readonly WatchlistEntry[]): WatchlistIndex {
  let index = indexes.get(entries);
  if (!index) {
    index = finish(indexing(entries));
    indexes.set(entries, index);
  }
  return index;
}

/**
 * Builds the index of a list being loaded a slice at a time, letting the event loop run between
 * slices: built at once, a list of 10,000 entries held every request of the process for 0.3 s.
 */
export async function indexWatchlist(entries: readonly WatchlistEntry[]): Promise<WatchlistIndex> {
  const index = await finishBetweenTurns(indexing(entries));
  indexes.set(entries, index);
  return index;
}

/** Entries prepared between two chances for the event loop to run. */
const ENTRIES_PER_SLICE = 200;

function* indexing(entries: readonly WatchlistEntry[]): Steps<WatchlistIndex> {
  const names: PreparedName[][] = [];
  const words = new Map<string, IndexedText>();
  const joined = new Map<string, IndexedText>();
  const documents = new Map<string, number[]>();
  for (const [position, entry] of entries.entries()) {
    if (position > 0 && position % ENTRIES_PER_SLICE === 0) yield;
    const entry_names = [entry.name, ...entry.aliases].map(prepareName);
    names.push(entry_names);
    for (const name of entry_names) {
      for (const word of name.tokens) addEntry(words, word, position);
      if (name.joined !== '') addEntry(joined, name.joined, position);
    }
    for (const doc_id of entry.doc_ids) {
      const key = documentKey(doc_id);
      if (key.length >= MIN_DOCUMENT_KEY_LENGTH) addPosition(documents, key, position);
    }
  }
  return {
    names,
    words: yield* indexingTexts(words.values()),
    joined: yield* indexingTexts(joined.values()),
    documents,
  };
}

function addEntry(texts: Map<string, IndexedText>, text: string, position: number): void {
  const indexed = texts.get(text);
  if (!indexed) texts.set(text, { text, entries: [position] });
  else if (indexed.entries.at(-1) !== position) indexed.entries.push(position);
}

function addPosition(positions: Map<string, number[]>, key: string, position: number): void {
  const listed = positions.get(key);
  if (!listed) positions.set(key, [position]);
  else if (listed.at(-1) !== position) listed.push(position);
}

/**
 * The positions, in list order, of the entries whose names may score at least `least` against
 * `name`, and of those that list `document_key`: every entry the full scan would find.
 */
export function candidateEntries(
  index: WatchlistIndex,
  name: PreparedName,
  document_key: string | null,
  least: number,
): readonly number[] {
  // A payout's beneficiary is screened as a person and as a company, one after the other.
  const key = `${least}\u0000${document_key ?? ''}\u0000${name.spaced}`;
  const last = last_searches.get(index);
  if (last?.key === key) return last.positions;
  const positions = searchEntries(index, name, document_key, least);
  last_searches.set(index, { key, positions });
  return positions;
}

/** Each index's last search, answered again to the same question. */
const last_searches = new WeakMap<WatchlistIndex, { key: string; positions: readonly number[] }>();

function searchEntries(
  index: WatchlistIndex,
  name: PreparedName,
  document_key: string | null,
  least: number,
): number[] {
  const chosen = new Uint8Array(index.names.length);
  const floor = nameFloor(least);
  for (const word of new Set(name.tokens)) chooseSimilar(index.words, word, floor.word, 0, chosen);
  if (name.joined !== '')
    chooseSimilar(index.joined, name.joined, floor.joined, floor.joined_length_gap, chosen);
  if (document_key !== null)
    for (const position of index.documents.get(document_key) ?? []) chosen[position] = 1;
  const positions: number[] = [];
  chosen.forEach((is_chosen, position) => {
    if (is_chosen === 1) positions.push(position);
  });
  return positions;
}
