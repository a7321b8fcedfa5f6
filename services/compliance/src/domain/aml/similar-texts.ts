import { fewestMatches, reaches } from './jaro-winkler';
import { finish, type Steps } from './steps';

/**
 * Words (or names run together) indexed to find those within a Jaro-Winkler similarity of a text
 * without comparing it with each. Jaro matches a character of the text only with an equal one at
 * most a window away, and the similarity needs some number of matches (`fewestMatches`; more when
 * the first characters differ, since then no common prefix adds to it). So the index keeps, for
 * each length, place and character, which words have that character there, as a set of bits; a
 * search counts for every word at once, 32 to an integer, how many of the text's characters it
 * has within the window, and compares exactly only the words whose count reaches the matches
 * needed. Nothing within the similarity is missed: the count is never below Jaro's matches.
 */
export interface SimilarTexts {
  by_length: ReadonlyMap<number, SameLength>;
}

/** What a text stands for: the positions of the list entries whose names use it. */
export interface IndexedText {
  text: string;
  entries: number[];
}

interface SameLength {
  texts: readonly IndexedText[];
  /** The 32-bit integers a set of these texts takes, a bit for each. */
  integers: number;
  /** For each place and character (`rowKey`), the texts with that character there. */
  rows: ReadonlyMap<number, Row>;
}

/** A set of texts: their bits, or their places in `texts` when they are few. */
type Row = { bits: Uint32Array } | { places: Int32Array };

const rowKey = (place: number, char_code: number) => place * 0x10000 + char_code;

export function similarTexts(texts: Iterable<IndexedText>): SimilarTexts {
  return finish(indexingTexts(texts));
}

/** Builds the index a step at a time (`yield` between steps), for a caller that lets others run. */
export function* indexingTexts(texts: Iterable<IndexedText>): Steps<SimilarTexts> {
  const grouped = new Map<number, IndexedText[]>();
  for (const indexed of texts) {
    const same_length = grouped.get(indexed.text.length);
    if (same_length) same_length.push(indexed);
    else grouped.set(indexed.text.length, [indexed]);
  }
  const by_length = new Map<number, SameLength>();
  for (const [length, same_length] of grouped) {
    yield;
    const integers = Math.ceil(same_length.length / 32);
    const rows = yield* indexingRows(same_length, integers);
    by_length.set(length, { texts: same_length, integers, rows });
  }
  return { by_length };
}

/** Characters put in rows, or texts put in rows' bits, between two steps. */
const WORK_PER_STEP = 20_000;

function* indexingRows(texts: readonly IndexedText[], integers: number) {
  let work = 0;
  const places = new Map<number, number[]>();
  for (const [place_in_texts, { text }] of texts.entries()) {
    work += text.length;
    if (work > WORK_PER_STEP) {
      work = 0;
      yield;
    }
    for (let place = 0; place < text.length; place++) {
      const key = rowKey(place, text.charCodeAt(place));
      const row = places.get(key);
      if (row) row.push(place_in_texts);
      else places.set(key, [place_in_texts]);
    }
  }
  const rows = new Map<number, Row>();
  // A row of more texts than its bits take integers is kept as bits: no larger, and faster to add.
  for (const [key, row] of places) {
    work += row.length;
    if (work > WORK_PER_STEP) {
      work = 0;
      yield;
    }
    if (row.length <= integers) rows.set(key, { places: Int32Array.from(row) });
    else {
      const bits = new Uint32Array(integers);
      for (const place_in_texts of row) addBit(bits, place_in_texts);
      rows.set(key, { bits });
    }
  }
  return rows;
}

const addBit = (bits: Uint32Array, place: number) => {
  bits[place >>> 5] = (bits[place >>> 5] ?? 0) | (1 << (place & 31));
};

/**
 * Marks in `chosen` the entries of every indexed text at least `least` similar to `text`; with a
 * `length_gap` above 0, only of texts at most that much longer or shorter.
 */
export function chooseSimilar(
  index: SimilarTexts,
  text: string,
  least: number,
  length_gap: number,
  chosen: Uint8Array,
): void {
  for (const [length, same_length] of index.by_length) {
    if (length_gap > 0 && Math.abs(length - text.length) > length_gap) continue;
    if (fewestMatches(least, text.length, length) > Math.min(length, text.length)) continue;
    for (const place_in_texts of candidates(same_length, text, length, least)) {
      const indexed = same_length.texts[place_in_texts];
      if (!indexed || !reaches(text, indexed.text, least)) continue;
      for (const position of indexed.entries) chosen[position] = 1;
    }
  }
}

/**
 * The texts of one length with enough of `text`'s characters within Jaro's window of their place
 * to reach `least`: as many as the matches needed with the same first character, or as many as
 * needed without a common prefix.
 */
function candidates(same_length: SameLength, text: string, length: number, least: number) {
  const counts = nearCounts(same_length, text, length);
  const with_prefix = atLeast(counts, Math.ceil(fewestMatches(least, text.length, length)));
  const without = atLeast(counts, Math.ceil(fewestMatches(least, text.length, length, 0)));
  const same_first = same_length.rows.get(rowKey(0, text.charCodeAt(0)));
  const first = new Uint32Array(same_length.integers);
  if (same_first) orRow(first, same_first);
  const found: number[] = [];
  for (let integer = 0; integer < same_length.integers; integer++) {
    let bits = ((with_prefix[integer] ?? 0) & (first[integer] ?? 0)) | (without[integer] ?? 0);
    while (bits !== 0) {
      const lowest = bits & -bits;
      const place_in_texts = integer * 32 + 31 - Math.clz32(lowest);
      if (place_in_texts < same_length.texts.length) found.push(place_in_texts);
      bits ^= lowest;
    }
  }
  return found;
}

/**
 * For every text of one length, how many of `text`'s characters it has within Jaro's window of
 * their place, as a binary number across bit planes: plane `p` holds bit `p` of each text's count.
 */
function nearCounts(same_length: SameLength, text: string, length: number): Uint32Array[] {
  const integers = same_length.integers;
  const planes = Array.from(
    { length: 32 - Math.clz32(text.length) },
    () => new Uint32Array(integers),
  );
  const near = new Uint32Array(integers);
  const window = Math.max(0, Math.floor(Math.max(length, text.length) / 2) - 1);
  for (let i = 0; i < text.length; i++) {
    near.fill(0);
    const last = Math.min(length - 1, i + window);
    for (let place = Math.max(0, i - window); place <= last; place++) {
      const row = same_length.rows.get(rowKey(place, text.charCodeAt(i)));
      if (row) orRow(near, row);
    }
    // Adds one to the count of each text in `near`, a ripple of carries through the planes.
    for (let integer = 0; integer < integers; integer++) {
      let carry = near[integer] ?? 0;
      for (let p = 0; carry !== 0 && p < planes.length; p++) {
        const plane = planes[p] as Uint32Array;
        const bit = plane[integer] ?? 0;
        plane[integer] = bit ^ carry;
        carry &= bit;
      }
    }
  }
  return planes;
}

function orRow(bits: Uint32Array, row: Row): void {
  if ('bits' in row)
    for (let integer = 0; integer < bits.length; integer++)
      bits[integer] = (bits[integer] ?? 0) | (row.bits[integer] ?? 0);
  else for (let k = 0; k < row.places.length; k++) addBit(bits, row.places[k] ?? 0);
}

/** The texts whose count in `planes` is at least `least`: compared plane by plane, highest first. */
function atLeast(planes: readonly Uint32Array[], least: number): Uint32Array {
  const integers = planes[0]?.length ?? 0;
  const found = new Uint32Array(integers);
  if (least <= 0) return found.fill(0xffffffff);
  if (least >= 2 ** planes.length) return found;
  for (let integer = 0; integer < integers; integer++) {
    let above = 0;
    let equal = 0xffffffff;
    for (let p = planes.length - 1; p >= 0; p--) {
      const bit = planes[p]?.[integer] ?? 0;
      if ((least >>> p) & 1) equal &= bit;
      else {
        above |= equal & bit;
        equal &= ~bit;
      }
    }
    found[integer] = above | equal;
  }
  return found;
}
