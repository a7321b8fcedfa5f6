const DEFAULT_PREFIX_SCALE = 0.1;
/** Winkler's boost threshold: a common prefix does not rescue strings that are otherwise apart. */
const JARO_BOOST_FROM = 0.7;
const MAX_PREFIX = 4;

/**
 * How far below a similarity a bound is set, so that floating-point rounding (in a mean of
 * similarities, or in Jaro's own sum) never rules out what reaches it.
 */
export const ROUNDING_SLACK = 1e-9;

/**
 * Jaro-Winkler similarity of two strings, in [0, 1]: 1 for equal strings, 0 when no character
 * matches. Transpositions cost less than substitutions, and a common prefix (up to four
 * characters) raises the score, which suits names (typos rarely hit the first letters).
 */
export function jaroWinkler(a: string, b: string, prefix_scale = DEFAULT_PREFIX_SCALE): number {
  const jaro = jaroSimilarity(a, b);
  if (jaro < JARO_BOOST_FROM) return jaro;
  let prefix = 0;
  while (prefix < MAX_PREFIX && prefix < a.length && prefix < b.length && a[prefix] === b[prefix])
    prefix++;
  return jaro + prefix * prefix_scale * (1 - jaro);
}

/**
 * Whether `jaroWinkler(a, b)` (default prefix scale) is at least `least`, given up as soon as the
 * characters of `a` left to match cannot make up the matches that needs: a screening asks this of
 * thousands of listed words, nearly all of them far from the name's.
 */
export function reaches(a: string, b: string, least: number): boolean {
  if (a === b || a.length === 0 || b.length === 0) return jaroWinkler(a, b) >= least;
  const fewest = fewestMatches(least, a.length, b.length);
  if (fewest > Math.min(a.length, b.length)) return false;
  return countMatches(a, b, fewest) >= 0 && jaroWinkler(a, b) >= least;
}

/**
 * The fewest matching characters two strings of these lengths, with a common prefix of at most
 * `prefix` characters, need for a Jaro-Winkler similarity of `least` (default prefix scale); a
 * hair under it, so that rounding never rules out a pair that reaches it. More than the shorter
 * length when no two such strings can.
 */
export function fewestMatches(
  least: number,
  a_length: number,
  b_length: number,
  prefix = MAX_PREFIX,
): number {
  // Jaro-Winkler is at most jaro + boost (1 - jaro), so jaro must reach (least - boost) / (1 - boost);
  // and jaro is at most (m/|a| + m/|b| + 1) / 3 for m matches.
  const boost = Math.min(prefix, MAX_PREFIX) * DEFAULT_PREFIX_SCALE;
  const least_jaro = (least - boost) / (1 - boost);
  return (3 * least_jaro - 1) / (1 / a_length + 1 / b_length) - ROUNDING_SLACK;
}

/**
 * Which characters are matched, kept between calls: a screening compares thousands of words, and
 * two arrays allocated per comparison cost more than the comparison.
 */
let a_matched = new Uint8Array(64);
let b_matched = new Uint8Array(64);

/**
 * Jaro's matches of `a` and `b` (each character of `a` with the first free equal one of `b`
 * within the window), marked in `a_matched` and `b_matched`; -1 once fewer than `needed` can be
 * made.
 */
function countMatches(a: string, b: string, needed: number): number {
  if (a.length > a_matched.length) a_matched = new Uint8Array(a.length * 2);
  if (b.length > b_matched.length) b_matched = new Uint8Array(b.length * 2);
  a_matched.fill(0, 0, a.length);
  b_matched.fill(0, 0, b.length);
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    if (matches + (a.length - i) < needed) return -1;
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    const char = a.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (b_matched[j] === 1 || b.charCodeAt(j) !== char) continue;
      a_matched[i] = 1;
      b_matched[j] = 1;
      matches++;
      break;
    }
  }
  return matches;
}

function jaroSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const m = countMatches(a, b, 0);
  if (m === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (a_matched[i] === 0) continue;
    while (b_matched[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  return (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
}
