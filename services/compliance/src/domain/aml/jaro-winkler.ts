/**
 * Jaro-Winkler similarity of two strings, in [0, 1]: 1 for equal strings, 0 when no character
 * matches. Transpositions cost less than substitutions, and a common prefix (up to four
 * characters) raises the score, which suits names (typos rarely hit the first letters).
 */
export function jaroWinkler(a: string, b: string, prefix_scale = 0.1): number {
  const jaro = jaroSimilarity(a, b);
  // Winkler's boost threshold: a common prefix does not rescue strings that are otherwise apart.
  if (jaro < 0.7) return jaro;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * prefix_scale * (1 - jaro);
}

function jaroSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const a_matched = new Array<boolean>(a.length).fill(false);
  const b_matched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (b_matched[j] || a[i] !== b[j]) continue;
      a_matched[i] = true;
      b_matched[j] = true;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (!a_matched[i]) continue;
    while (!b_matched[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const m = matches;
  return (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
}
