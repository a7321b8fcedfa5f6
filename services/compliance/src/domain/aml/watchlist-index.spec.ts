import fc from 'fast-check';
import { jaroWinkler, reaches } from './jaro-winkler';
import { compareNames, prepareName } from './name-match';
import type { WatchlistEntry } from './watchlist';
import { candidateEntries, documentKey, indexWatchlist, watchlistIndex } from './watchlist-index';

// Few letters, so that close words (the ones an index could miss) are common.
const word = fc.stringMatching(/^[abeilnor]{1,7}$/);
const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const doc_id = fc.stringMatching(/^[A-C0-2]{2,6}$/);

const entry = fc.record({
  name,
  aliases: fc.array(name, { maxLength: 2 }),
  doc_ids: fc.array(doc_id, { maxLength: 2 }),
});

const listed = (fields: { name: string; aliases: string[]; doc_ids: string[] }) =>
  ({
    list: 'test',
    kind: 'sanctions',
    entry_id: fields.name,
    type: 'person',
    countries: [],
    birth_dates: [],
    ...fields,
  }) satisfies WatchlistEntry;

describe('watchlist index', () => {
  it('finds every entry whose name scores at least the floor, or that lists the document', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 30 }),
        name,
        fc.option(doc_id),
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        (fields, subject, subject_doc, least) => {
          const entries = fields.map(listed);
          const query = prepareName(subject);
          const doc_key = subject_doc === null ? '' : documentKey(subject_doc);
          const key = doc_key.length >= 4 ? doc_key : null;
          const found = new Set(candidateEntries(watchlistIndex(entries), query, key, least));
          entries.forEach((each, position) => {
            const close = [each.name, ...each.aliases].some(
              (listed_name) => compareNames(query, listed_name).score >= least,
            );
            const same_document = key !== null && each.doc_ids.map(documentKey).includes(key);
            if (close || same_document) expect(found).toContain(position);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves out entries no word of the name comes close to', () => {
    const entries = [
      listed({ name: 'Ivan Petrov', aliases: ['Ioann Petroff'], doc_ids: [] }),
      listed({ name: 'Acme Trading Company', aliases: [], doc_ids: ['X-1234'] }),
      listed({ name: 'Karim Hassan AL-RASHID', aliases: [], doc_ids: [] }),
    ];
    const index = watchlistIndex(entries);
    expect(candidateEntries(index, prepareName('Ivan Petrow'), null, 0.85)).toEqual([0]);
    expect(candidateEntries(index, prepareName('Karim Rashid'), null, 0.85)).toEqual([2]);
    expect(candidateEntries(index, prepareName('Zoe Quinn'), null, 0.85)).toEqual([]);
    expect(candidateEntries(index, prepareName('Zoe Quinn'), 'X1234', 0.85)).toEqual([1]);
  });

  it('built for a list being loaded, lets the event loop run between slices', async () => {
    const entries = Array.from({ length: 2_000 }, (_, row) =>
      listed({ name: `Party ${row.toString(36)}`, aliases: [], doc_ids: [] }),
    );
    let built = false;
    const building = indexWatchlist(entries).then((index) => {
      built = true;
      return index;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(built).toBe(false);
    const index = await building;
    expect(watchlistIndex(entries)).toBe(index);
    const at_once = watchlistIndex([...entries]);
    for (const name of ['Party 1a', 'Party zz', 'Someone Else'])
      expect(candidateEntries(index, prepareName(name), null, 0.85)).toEqual(
        candidateEntries(at_once, prepareName(name), null, 0.85),
      );
  });

  it('is built once per loaded list', () => {
    const entries = [listed({ name: 'Ivan Petrov', aliases: [], doc_ids: [] })];
    expect(watchlistIndex(entries)).toBe(watchlistIndex(entries));
    expect(watchlistIndex([...entries])).not.toBe(watchlistIndex(entries));
  });
});

describe('reaches', () => {
  it('answers whether two strings are at least that similar, given up early or not', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[abc]{0,12}$/),
        fc.stringMatching(/^[abc]{0,12}$/),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b, least) => {
          expect(reaches(a, b, least)).toBe(jaroWinkler(a, b) >= least);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('at the similarity of a pair itself, the pair reaches it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (a, b) => {
        expect(reaches(a, b, jaroWinkler(a, b))).toBe(true);
      }),
    );
  });
});

describe('Jaro-Winkler kept between calls', () => {
  it('answers the same whatever was compared before, long strings included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 150 }), fc.string({ maxLength: 150 })), {
          minLength: 1,
          maxLength: 8,
        }),
        (pairs) => {
          const forwards = pairs.map(([a, b]) => jaroWinkler(a, b));
          const backwards = [...pairs].reverse().map(([a, b]) => jaroWinkler(a, b));
          expect(backwards.reverse()).toEqual(forwards);
        },
      ),
    );
  });
});
