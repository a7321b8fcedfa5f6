import { ROUNDING_SLACK, jaroWinkler } from './jaro-winkler';
import { toAscii } from './transliterate';

/**
 * Words that say nothing about who a party is: honorifics, legal forms, particles. Left out of
 * the comparison, so `ACME Trading LLC` and `Acme Trading Ltd.` are the same name.
 */
const NOISE = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'sr',
  'sra',
  'srta',
  'don',
  'dona',
  'sir',
  'the',
  'of',
  'and',
  'de',
  'del',
  'la',
  'las',
  'los',
  'le',
  'da',
  'do',
  'dos',
  'van',
  'von',
  'y',
  'e',
  'llc',
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'sa',
  'sas',
  'srl',
  'sl',
  'gmbh',
  'ag',
  'plc',
  'bv',
  'nv',
  'jsc',
  'ojsc',
  'pjsc',
  'ooo',
  'cv',
  'spa',
  'ltda',
  'lp',
  'llp',
]);

/** A name as compared: its ASCII words, noise left out, in their given order. */
export function nameTokens(name: string): string[] {
  return toAscii(name)
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((token) => token !== '' && !NOISE.has(token));
}

/**
 * A name taken apart once for every comparison it is in: a listed name is compared with every
 * subject screened, so its words are worked out when the list is, not at each screening.
 */
export interface PreparedName {
  tokens: readonly string[];
  /** The words in order, space-separated. */
  spaced: string;
  /** The words sorted, space-separated: the same for any word order. */
  sorted: string;
  /** The words run together (`Abu Bakr` and `Abubakr` alike). */
  joined: string;
  /** The name as written, lower case, letters and digits only: tells transliteration apart. */
  plain: string;
  /** Written with any letter outside ASCII (another script, or accents). */
  non_ascii: boolean;
}

export function prepareName(name: string): PreparedName {
  const tokens = nameTokens(name);
  return {
    tokens,
    spaced: tokens.join(' '),
    sorted: [...tokens].sort().join(' '),
    joined: tokens.join(''),
    plain: name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim(),
    non_ascii: /[^\x00-\x7f]/.test(name),
  };
}

/** Why two names are close, as screenings report it. */
export type NameReason = 'exact_name' | 'token_order' | 'transliteration' | 'fuzzy_name';

export interface NameSimilarity {
  /** In [0, 1]; 1 for the same words in any order and any script. */
  score: number;
  reasons: NameReason[];
}

/**
 * How close two names are, whatever the order of their words and the script they are written
 * in. Each word of the shorter name is paired with its most similar free word of the longer one
 * (Jaro-Winkler), the pairs weighted by length; words of the longer name left unpaired lower the
 * score (a lone word paired with one of several, much more). Names written with or without
 * spaces (`Abu Bakr`, `Abubakr`) compare as a whole too.
 */
export function compareNames(
  query: string | PreparedName,
  candidate: string | PreparedName,
): NameSimilarity {
  const a = typeof query === 'string' ? prepareName(query) : query;
  const b = typeof candidate === 'string' ? prepareName(candidate) : candidate;
  if (a.tokens.length === 0 || b.tokens.length === 0) return { score: 0, reasons: [] };
  // The same name once in ASCII, but not as written: another script, or accents.
  const transliterated = a.plain !== b.plain && (a.non_ascii || b.non_ascii);
  if (a.spaced === b.spaced) {
    return { score: 1, reasons: transliterated ? ['transliteration'] : ['exact_name'] };
  }
  if (a.sorted === b.sorted) {
    return {
      score: 1,
      reasons: ['token_order', ...(transliterated ? ['transliteration' as const] : [])],
    };
  }
  const aligned = alignedScore(a.tokens, b.tokens);
  const score = Math.max(
    aligned,
    // Pairing greedily depends on which side leads: both are tried, so the score is symmetric.
    // The fewer words lead, so names of different lengths pair the same either way.
    a.tokens.length === b.tokens.length ? alignedScore(b.tokens, a.tokens) : aligned,
    joinedScore(a.joined, b.joined),
  );
  return { score: Math.min(score, 0.999), reasons: ['fuzzy_name'] };
}

/** Names run together are compared when their lengths differ by at most this... */
const JOINED_LENGTH_GAP = 2;
/** ...and their similarity counts this much: a little less than words paired one by one. */
const JOINED_WEIGHT = 0.98;

/**
 * The names run together, for names split differently (`Abu Bakr`, `Abubakr`): only when they
 * are about as long, so a long shared first name does not carry a different surname.
 */
function joinedScore(a: string, b: string): number {
  return Math.abs(a.length - b.length) <= JOINED_LENGTH_GAP ? jaroWinkler(a, b) * JOINED_WEIGHT : 0;
}

/**
 * What two names need for `compareNames` to score them at least `least`. Necessary, not
 * sufficient, so a search may skip any name that has neither:
 * - a word of each at least `word` similar (Jaro-Winkler). The paired score is a mean of its
 *   words' similarities weighted by length, times a coverage of at most 1, so it reaches `least`
 *   only if one pair of words does. Equal names share all their words;
 * - or their words run together at most `joined_length_gap` apart in length and at least
 *   `joined` similar.
 * Both floors sit a hair below the exact ones, so that rounding in the mean never makes a name
 * that scores `least` look as if it could not.
 */
export interface NameFloor {
  word: number;
  joined: number;
  joined_length_gap: number;
}

export function nameFloor(least: number): NameFloor {
  return {
    word: least - ROUNDING_SLACK,
    joined: least / JOINED_WEIGHT - ROUNDING_SLACK,
    joined_length_gap: JOINED_LENGTH_GAP,
  };
}

function alignedScore(a: readonly string[], b: readonly string[]): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const free = long.map(() => true);
  let weighted = 0;
  let weight = 0;
  for (const token of short) {
    let best = 0;
    let best_index = -1;
    long.forEach((other, index) => {
      if (!free[index]) return;
      const similarity = jaroWinkler(token, other);
      if (similarity > best) {
        best = similarity;
        best_index = index;
      }
    });
    if (best_index >= 0) free[best_index] = false;
    weighted += best * token.length;
    weight += token.length;
  }
  // Unpaired words lower the score: a middle name missing a little, a lone surname a lot.
  const coverage = short.length / long.length;
  const lone = short.length === 1 && long.length > 1;
  return (weighted / weight) * (lone ? 0.6 + 0.4 * coverage : 0.75 + 0.25 * coverage);
}
