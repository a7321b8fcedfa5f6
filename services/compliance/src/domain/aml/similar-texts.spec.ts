import fc from 'fast-check';
import { jaroWinkler } from './jaro-winkler';
import { chooseSimilar, similarTexts } from './similar-texts';

// Few letters and many words, so that sets of them take several integers of bits.
const word = fc.stringMatching(/^[abeilnor]{1,9}$/);

describe('similar texts', () => {
  it('chooses exactly the texts at least that similar, however many there are', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 40, maxLength: 300 }),
        word,
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        fc.constantFrom(0, 1, 2),
        (texts, text, least, length_gap) => {
          const index = similarTexts(
            texts.map((each, position) => ({ text: each, entries: [position] })),
          );
          const chosen = new Uint8Array(texts.length);
          chooseSimilar(index, text, least, length_gap, chosen);
          texts.forEach((each, position) => {
            const near = length_gap === 0 || Math.abs(each.length - text.length) <= length_gap;
            expect([each, chosen[position] === 1]).toEqual([
              each,
              near && jaroWinkler(text, each) >= least,
            ]);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('marks every entry of a text found', () => {
    const index = similarTexts([
      { text: 'petrov', entries: [0, 2] },
      { text: 'quinn', entries: [1] },
    ]);
    const chosen = new Uint8Array(3);
    chooseSimilar(index, 'petrow', 0.85, 0, chosen);
    expect([...chosen]).toEqual([1, 0, 1]);
  });
});
