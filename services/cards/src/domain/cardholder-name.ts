import { DomainError } from '@platform/contracts';

/** The longest name a card can print: first plus last name with the space between them. */
export const MAX_PRINTED_NAME_LENGTH = 22;

/** Latin capitals and the separators names use; anything else cannot be embossed. */
const PRINTABLE = /^[A-Z][A-Z .'-]*$/;

/** Upper case without accents (`José Núñez` -> `JOSE NUNEZ`), spaces collapsed. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'SS')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

/**
 * The name printed on the card, `FIRST LAST`: each part required (400 `invalid_request`),
 * latin letters only (400 `invalid_request`), at most 22 characters in all (422
 * `cardholder_name_too_long`).
 */
export function printedCardholderName(first_name: string, last_name: string): string {
  const first = foldName(first_name);
  const last = foldName(last_name);
  if (first === '' || last === '')
    throw new DomainError('invalid_request', 'cardholder.first_name and last_name are required');
  const name = `${first} ${last}`;
  if (!PRINTABLE.test(first) || !PRINTABLE.test(last))
    throw new DomainError(
      'invalid_request',
      'the cardholder name must be written in latin letters (spaces, hyphens, apostrophes and periods allowed)',
    );
  if (name.length > MAX_PRINTED_NAME_LENGTH)
    throw new DomainError(
      'cardholder_name_too_long',
      `the printed name "${name}" has ${name.length} characters; at most ${MAX_PRINTED_NAME_LENGTH} fit on a card`,
    );
  return name;
}
