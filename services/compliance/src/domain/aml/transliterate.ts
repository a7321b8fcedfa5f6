/**
 * Latin, Cyrillic and Greek names to plain ASCII letters, so that `Müller`, `Muller` and
 * `Мюллер` compare as the same spelling. Accents fall away by Unicode decomposition (NFKD); the
 * letters decomposition keeps (ß, ø, ł, æ...) and the non-Latin alphabets use the table below
 * (Cyrillic as the common BGN/PCGN-style romanization, Greek as ELOT 743 without diacritics).
 */
const LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const COMBINING_MARKS = /^[\u0300-\u036f]$/;

/** The name in ASCII: lower case, marks dropped, other alphabets romanized, symbols as spaces. */
export function toAscii(text: string): string {
  let out = '';
  // The table first (`й` is not `и` with a mark), then the letter's decomposition.
  for (const char of text.toLowerCase().normalize('NFC')) {
    out += LETTERS[char] ?? [...char.normalize('NFKD')].map(asciiOf).join('');
  }
  return out;
}

function asciiOf(char: string): string {
  if ((char.codePointAt(0) ?? 0) < 0x80) return char;
  if (COMBINING_MARKS.test(char)) return '';
  return LETTERS[char] ?? (/\p{L}/u.test(char) ? '' : ' ');
}
