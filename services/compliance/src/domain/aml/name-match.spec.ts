import fc from 'fast-check';
import { jaroWinkler } from './jaro-winkler';
import { compareNames, nameTokens } from './name-match';
import { toAscii } from './transliterate';

const word = fc.stringMatching(/^[a-z]{2,10}$/);
const words = fc.array(word, { minLength: 1, maxLength: 4 });
/** Words that name someone: not a noise word (a legal form such as "co", an honorific...). */
const significant_words = fc.array(
  word.filter((each) => nameTokens(each).length > 0),
  { minLength: 1, maxLength: 4 },
);

describe('Jaro-Winkler', () => {
  it('known values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('is symmetric, in [0, 1], and 1 exactly for equal strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const score = jaroWinkler(a, b);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1 + 1e-12);
        expect(score).toBeCloseTo(jaroWinkler(b, a), 12);
        expect(score === 1).toBe(a === b);
      }),
    );
  });
});

describe('transliteration', () => {
  it('drops accents and romanizes Cyrillic and Greek', () => {
    expect(toAscii('José Müller Ñúñez')).toBe('jose muller nunez');
    expect(toAscii('Łukasz Øster Straße')).toBe('lukasz oster strasse');
    expect(toAscii('Дмитрий Волков')).toBe('dmitriy volkov');
    expect(toAscii('Γιώργος')).toBe('giorgos');
  });

  it('always answers ASCII', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => /^[\x00-\x7f]*$/.test(toAscii(text))),
    );
  });
});

describe('compareNames', () => {
  it('the same words in any order, case or legal form are the same name', () => {
    fc.assert(
      fc.property(significant_words, fc.boolean(), (tokens, upper) => {
        const shuffled = [...tokens].reverse().join(' ');
        const query = upper ? shuffled.toUpperCase() : shuffled;
        expect(compareNames(query, `${tokens.join(' ')} LLC`).score).toBe(1);
      }),
    );
  });

  it('is symmetric and in [0, 1]', () => {
    fc.assert(
      fc.property(words, words, (a, b) => {
        const x = compareNames(a.join(' '), b.join(' ')).score;
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
        expect(x).toBeCloseTo(compareNames(b.join(' '), a.join(' ')).score, 9);
      }),
    );
  });

  it('one typo keeps a name close; a different name is far', () => {
    expect(compareNames('Dmitri Volkov', 'VOLKOV, Dmitri Aleksandrovich').score).toBeGreaterThan(
      0.85,
    );
    expect(compareNames('Dmitri Volkow', 'Dmitri Volkov').score).toBeGreaterThan(0.95);
    expect(compareNames('Dimitri Volkow', 'Dmitri Volkov').score).toBeGreaterThan(0.85);
    expect(compareNames('Karim Rashid', 'AL-RASHID, Karim Hassan').score).toBeGreaterThan(0.85);
    expect(compareNames('Smith', 'John Smith').score).toBeLessThan(0.85);
    expect(compareNames('Ana Silva', 'Dmitri Volkov').score).toBeLessThan(0.6);
    expect(compareNames('Abubakr', 'Abu Bakr').score).toBeGreaterThan(0.95);
  });

  it('says why: order, script, fuzziness', () => {
    expect(compareNames('Karim Al-Rashid', 'AL-RASHID, Karim').reasons).toEqual(['token_order']);
    expect(compareNames('José Müller', 'Jose Muller').reasons).toEqual(['transliteration']);
    expect(compareNames('Jose Muller', 'JOSE MULLER').reasons).toEqual(['exact_name']);
    expect(compareNames('Jose Mullar', 'Jose Muller').reasons).toEqual(['fuzzy_name']);
  });

  it('a name of noise words only matches nothing', () => {
    expect(nameTokens('The Co. Ltd')).toEqual([]);
    expect(compareNames('The Co. Ltd', 'The Co. Ltd').score).toBe(0);
  });
});
