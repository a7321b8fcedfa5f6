/**
 * Names for the screening benchmark, made up from syllables with a seeded generator, so that every
 * run screens the same subjects against the same list: a sanctions list in OFAC's SDN CSV format
 * (people as `LAST, First Middle`, companies, a.k.a.s in the remarks, as the real list writes
 * them) and subjects of whom half are a listed name with one letter changed.
 */

const SYLLABLES = (
  'al an ar ba bak da di el fa ga ha ham har i ib ka kar kha la li ma med mi mo mu na nov o ov ' +
  'pe ra rim ro sa se sha sim ta ti to va vi ya yu za'
).split(' ');
const COMPANY_WORDS = ['trading', 'shipping', 'holding', 'group', 'petroleum', 'logistics', 'bank'];

/** A seeded generator of uniform numbers in [0, 1) (mulberry32): the same seed, the same run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

function word(random: () => number): string {
  const syllables = 2 + Math.floor(random() * 3);
  const text = Array.from({ length: syllables }, () => pick(random, SYLLABLES)).join('');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A person's name as a subject gives it: `First Middle Last` (the middle name half the time). */
export function personName(random: () => number): string {
  const middle = random() < 0.5 ? ` ${word(random)}` : '';
  return `${word(random)}${middle} ${word(random)}`;
}

function companyName(random: () => number): string {
  return `${word(random)} ${pick(random, COMPANY_WORDS)}`.toUpperCase();
}

interface ListedParty {
  person: boolean;
  /** A person as `First Middle Last`, a company as written. */
  names: string[];
}

/** `count` listed parties: 70% people, 30% companies, each with 0 to 2 other names. */
export function listedParties(count: number, seed = 1): ListedParty[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const person = random() < 0.7;
    const name = () => (person ? personName(random) : companyName(random));
    return { person, names: Array.from({ length: 1 + Math.floor(random() * 3) }, name) };
  });
}

/** The parties as rows of OFAC's SDN CSV file: the first name the entry's, the others a.k.a.s. */
export function sanctionsListCsv(parties: readonly ListedParty[]): string {
  const rows = parties.map(({ person, names }, index) => {
    const [name = '', ...aliases] = names.map((each) => (person ? sdnPersonName(each) : each));
    const remarks = aliases.map((alias) => `a.k.a. '${alias}'`).join('; ') || '-0- ';
    const type = person ? '"individual"' : '-0- ';
    return `${100_000 + index},"${name}",${type},"BENCH",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"${remarks}"`;
  });
  return `${rows.join('\n')}\n`;
}

/** `First Middle Last` as OFAC writes a person: `LAST, First Middle`. */
function sdnPersonName(name: string): string {
  const words = name.split(' ');
  return `${(words.at(-1) ?? '').toUpperCase()}, ${words.slice(0, -1).join(' ')}`;
}

/**
 * `count` people to screen: the even ones a listed person's name with one letter changed (close
 * enough to be found), the odd ones new names (most of them clear).
 */
export function screeningSubjects(
  count: number,
  parties: readonly ListedParty[],
  seed = 2,
): string[] {
  const random = seeded(seed);
  const listed = parties.filter((party) => party.person).map((party) => party.names[0] ?? '');
  return Array.from({ length: count }, (_, index) =>
    index % 2 === 0 && listed.length > 0
      ? oneLetterChanged(pick(random, listed), random)
      : personName(random),
  );
}

function oneLetterChanged(name: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (name.length - 1));
  if (name[at] === ' ') return name;
  return `${name.slice(0, at)}${pick(random, ['a', 'e', 'i', 'o', 'u', 'y'])}${name.slice(at + 1)}`;
}
