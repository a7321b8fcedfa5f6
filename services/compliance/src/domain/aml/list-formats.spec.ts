import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseListFile } from './list-formats';

const LISTS = path.join(__dirname, '../../../lists');
const sample = (file: string) => readFileSync(path.join(LISTS, file), 'utf8');

describe('OFAC SDN CSV', () => {
  const entries = parseListFile('ofac_sdn_csv', sample('ofac-sdn.sample.csv'));

  it('reads every entry of the bundled sample, typed', () => {
    expect(entries.map((entry) => [entry.entry_id, entry.type])).toEqual([
      ['9001', 'person'],
      ['9002', 'company'],
      ['9003', 'person'],
      ['9004', 'person'],
      ['9005', 'other'],
    ]);
    expect(entries.every((entry) => entry.list === 'ofac_sdn' && entry.kind === 'sanctions')).toBe(
      true,
    );
  });

  it('reads birth dates, aliases and document numbers from the remarks', () => {
    expect(entries[0]).toMatchObject({
      name: 'VOLKOV, Dmitri Aleksandrovich',
      aliases: ['VOLKOV, Dmitry'],
      birth_dates: ['1971-03-14'],
      doc_ids: ['7512345678'],
    });
    expect(entries[2]?.birth_dates).toEqual(['1965']);
    expect(entries[3]?.doc_ids).toEqual(['79123456']);
  });

  it('skips rows it cannot read', () => {
    expect(parseListFile('ofac_sdn_csv', 'garbage\n"x",\n12,-0- ,individual\n')).toEqual([]);
  });
});

describe('OpenSanctions simple CSV', () => {
  const entries = parseListFile('opensanctions_csv', sample('pep.sample.csv'));

  it('reads PEP rows with their several values', () => {
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatchObject({
      list: 'pep',
      kind: 'pep',
      type: 'person',
      name: 'Elena Marquez Rojas',
      aliases: ['Elena Márquez', 'E. Marquez Rojas'],
      countries: ['BO'],
      birth_dates: ['1968-05-21'],
    });
    expect(entries[3]).toMatchObject({ type: 'company', countries: ['BO', 'PE'] });
  });

  it('a row with sanctions is a sanctions entry', () => {
    const text =
      'id,schema,name,aliases,birth_date,countries,identifiers,sanctions\nx1,Person,Some One,,,,,EU list\n';
    expect(parseListFile('opensanctions_csv', text)[0]).toMatchObject({
      list: 'sanctions',
      kind: 'sanctions',
    });
  });

  it('a file without the expected header gives nothing', () => {
    expect(parseListFile('opensanctions_csv', 'a,b\n1,2\n')).toEqual([]);
  });
});
