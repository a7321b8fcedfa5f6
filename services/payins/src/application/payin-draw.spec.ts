import { drawPayin } from './payin-draw';

describe('drawPayin', () => {
  // Enough draws to cross many refills of the random block.
  const draws = Array.from({ length: 2_000 }, () => drawPayin(new Date(0)));

  it('gives a 10-letter reference of the unambiguous alphabet and a 32-character token', () => {
    for (const draw of draws) {
      expect(draw.reference_code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
      expect(draw.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(draw.now).toEqual(new Date(0));
    }
  });

  it('never hands out the same random bytes twice, across refills', () => {
    expect(new Set(draws.map((draw) => draw.reference_code)).size).toBe(draws.length);
    expect(new Set(draws.map((draw) => draw.token)).size).toBe(draws.length);
    expect(new Set(draws.map((draw) => draw.payin_id)).size).toBe(draws.length);
  });

  it('uses every letter of the alphabet, about equally often', () => {
    const counts = new Map<string, number>();
    for (const letter of draws.flatMap((draw) => [...draw.reference_code]))
      counts.set(letter, (counts.get(letter) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 20,000 letters over 32: 625 expected each; a letter off by a quarter is far outside chance.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(470);
      expect(count).toBeLessThan(780);
    }
  });
});
