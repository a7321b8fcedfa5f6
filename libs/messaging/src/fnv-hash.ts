/**
 * FNV-1a (32 bits, unsigned): a fast, stable hash of a string, the same in every process. For
 * spreading keys (lanes of the in-process bus) and indexing ids, never for security.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
