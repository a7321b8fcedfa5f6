/** Characters of a document id the public consent page shows: only the last ones. */
const VISIBLE_CHARACTERS = 4;

/**
 * `20123456786` as `•••••••6786`: enough for the holder to recognize the document, too little
 * for anyone holding the link to learn it.
 */
export function maskDocId(doc_id: string): string {
  const characters = [...doc_id];
  const hidden = Math.max(characters.length - VISIBLE_CHARACTERS, Math.ceil(characters.length / 2));
  return '•'.repeat(hidden) + characters.slice(hidden).join('');
}
