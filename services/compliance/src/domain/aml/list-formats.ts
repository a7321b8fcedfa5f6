import { parsingCsv } from './csv';
import { finish, mapInSteps, type Steps } from './steps';
import type { WatchlistEntry } from './watchlist';

/**
 * Readers of the list publishers' own file formats. Each returns the entries it understood and
 * skips rows it cannot read (a publisher's malformed line must not stop screening).
 */
export const LIST_FORMATS = ['ofac_sdn_csv', 'opensanctions_csv'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

export function parseListFile(format: ListFormat, text: string): WatchlistEntry[] {
  return finish(parsingListFile(format, text));
}

/** Rows read into entries between two steps. */
const ROWS_PER_STEP = 1_000;

/** `parseListFile` a step at a time. */
export function* parsingListFile(format: ListFormat, text: string): Steps<WatchlistEntry[]> {
  switch (format) {
    case 'ofac_sdn_csv':
      return yield* mapInSteps(yield* parsingCsv(text), ROWS_PER_STEP, ofacSdnEntry);
    case 'opensanctions_csv':
      return yield* parsingOpenSanctionsCsv(text);
    default: {
      const unknown: never = format;
      throw new Error(`unknown list format ${String(unknown)}`);
    }
  }
}

/** OFAC's "no value" marker in the SDN CSV files. */
const OFAC_NULL = '-0-';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const ofacValue = (field: string | undefined): string => {
  const value = (field ?? '').trim();
  return value === OFAC_NULL ? '' : value;
};

/**
 * The U.S. Treasury OFAC Specially Designated Nationals list, `sdn.csv` (no header): ent_num,
 * SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag,
 * Vess_owner, Remarks. Individuals are written `LAST, First`; the remarks carry `DOB 01 Jan
 * 1960`, `a.k.a. 'NAME'`, `Passport X123` and `nationality Country` in free text.
 */
function ofacSdnEntry(row: string[]): WatchlistEntry | null {
  const entry_id = ofacValue(row[0]);
  const name = ofacValue(row[1]);
  if (!/^\d+$/.test(entry_id) || name === '') return null;
  const sdn_type = ofacValue(row[2]).toLowerCase();
  const remarks = ofacValue(row[11]);
  return {
    list: 'ofac_sdn',
    kind: 'sanctions',
    entry_id,
    type: sdn_type === 'individual' ? 'person' : sdn_type === '' ? 'company' : 'other',
    name,
    aliases: [...remarks.matchAll(/a\.k\.a\. '([^']+)'/g)].map((match) => match[1] ?? ''),
    countries: [],
    birth_dates: [...remarks.matchAll(/DOB ((?:\d{1,2} [A-Z][a-z]{2} )?\d{4})/g)].map((match) =>
      ofacDate(match[1] ?? ''),
    ),
    doc_ids: [
      ...remarks.matchAll(/(?:Passport|National ID No\.|Cedula No\.|Tax ID No\.) ([A-Z0-9-]+)/g),
    ].map((match) => match[1] ?? ''),
  };
}

/** `01 Jan 1960` as `1960-01-01`; a bare year stays a year. */
function ofacDate(text: string): string {
  const parts = text.split(' ');
  if (parts.length !== 3) return text;
  const [day = '', month = '', year = ''] = parts;
  const index = MONTHS.indexOf(month);
  if (index < 0) return year;
  return `${year}-${String(index + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const OPENSANCTIONS_COLUMNS = ['id', 'schema', 'name', 'aliases', 'birth_date', 'countries'];

/**
 * OpenSanctions' "simple" CSV export (`targets.simple.csv`, used for its PEP and sanctions
 * datasets): a header row naming id, schema, name, aliases, birth_date, countries, addresses,
 * identifiers, sanctions, ... Multiple values in one field are separated by `;`. A row with
 * sanctions is a sanctions entry; any other row (a politically exposed person) a PEP entry.
 */
function* parsingOpenSanctionsCsv(text: string): Steps<WatchlistEntry[]> {
  const [header, ...rows] = yield* parsingCsv(text);
  if (!header) return [];
  const column = new Map(header.map((name, index) => [name.trim(), index]));
  if (OPENSANCTIONS_COLUMNS.some((name) => !column.has(name))) return [];
  const field = (row: string[], name: string) => (row[column.get(name) ?? -1] ?? '').trim();
  const many = (row: string[], name: string) =>
    field(row, name)
      .split(';')
      .map((value) => value.trim())
      .filter((value) => value !== '');
  return yield* mapInSteps(rows, ROWS_PER_STEP, (row): WatchlistEntry | null => {
    const entry_id = field(row, 'id');
    const name = field(row, 'name');
    if (entry_id === '' || name === '') return null;
    const schema = field(row, 'schema');
    const kind = many(row, 'sanctions').length > 0 ? 'sanctions' : 'pep';
    return {
      // Named by what it is, never by the publisher: screenings show it to clients.
      list: kind,
      kind,
      entry_id,
      type:
        schema === 'Person'
          ? 'person'
          : ['Company', 'Organization', 'LegalEntity'].includes(schema)
            ? 'company'
            : 'other',
      name,
      aliases: many(row, 'aliases'),
      countries: many(row, 'countries').map((country) => country.toUpperCase()),
      birth_dates: many(row, 'birth_date'),
      doc_ids: many(row, 'identifiers'),
    };
  });
}
