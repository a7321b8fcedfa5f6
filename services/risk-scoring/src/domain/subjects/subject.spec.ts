import fc from 'fast-check';
import { DomainError } from '@platform/contracts';
import { checkDocId, compactDocId } from './doc-ids';
import { parsePurpose } from './purpose';
import { parseSubject, subjectIdOf } from './subject';

/** Published valid numbers per country, with the holder their kind implies. */
const VALID = [
  { country: 'AR', doc_id: '20-12345678-6', compact: '20123456786', holder: 'person' },
  { country: 'AR', doc_id: '30-50001091-2', compact: '30500010912', holder: 'company' },
  // CUILs (a person's number, the CUIT scheme with prefixes 20, 23, 24 and 27).
  { country: 'AR', doc_id: '27-12345678-0', compact: '27123456780', holder: 'person' },
  { country: 'AR', doc_id: '23-12345678-5', compact: '23123456785', holder: 'person' },
  { country: 'BR', doc_id: '390.533.447-05', compact: '39053344705', holder: 'person' },
  { country: 'BR', doc_id: '11.222.333/0001-81', compact: '11222333000181', holder: 'company' },
  { country: 'CL', doc_id: '12.345.678-5', compact: '123456785', holder: 'either' },
  { country: 'CO', doc_id: '890.903.938-8', compact: '8909039388', holder: 'either' },
  { country: 'MX', doc_id: 'HEGJ820506M13', compact: 'HEGJ820506M13', holder: 'person' },
  { country: 'MX', doc_id: 'BOXW310820HNERXN09', compact: 'BOXW310820HNERXN09', holder: 'person' },
  { country: 'PE', doc_id: '20512333797', compact: '20512333797', holder: 'company' },
] as const;

/** The same number with its last (check) character replaced by another digit. */
function withCheckDigit(compact: string, digit: number): string {
  return `${compact.slice(0, -1)}${digit}`;
}

describe('document ids (decisions D10)', () => {
  it.each(VALID)('accepts $country $doc_id, normalized, as a $holder id', (sample) => {
    expect(checkDocId(sample.country, sample.doc_id)).toEqual({
      ok: true,
      doc_id: sample.compact,
      holder: sample.holder,
    });
  });

  it.each(VALID)('refuses $country $doc_id with any other check digit', (sample) => {
    const check = sample.compact.slice(-1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }).filter((digit) => String(digit) !== check),
        (digit) => {
          expect(checkDocId(sample.country, withCheckDigit(sample.compact, digit))).toEqual({
            ok: false,
          });
        },
      ),
    );
  });

  it('refuses a mutated digit of the body of a checked id (weighted sums catch one change)', () => {
    const samples = VALID.filter((sample) => /^\d+$/.test(sample.compact));
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (sample, position, shift) => {
          const index = position % (sample.compact.length - 1);
          const digit = (Number(sample.compact[index]) + shift) % 10;
          const mutated = `${sample.compact.slice(0, index)}${digit}${sample.compact.slice(index + 1)}`;
          const result = checkDocId(sample.country, mutated);
          // A mutation may land on another valid number only by a changed kind prefix; never silently.
          if (result.ok) expect(result.doc_id).not.toBe(sample.compact);
          else expect(result).toEqual({ ok: false });
        },
      ),
    );
  });

  it('takes an RFC of 12 characters as a company id, with its official or legacy check digit', () => {
    expect(checkDocId('MX', 'MAB-930714-8T4')).toEqual({
      ok: true,
      doc_id: 'MAB9307148T4',
      holder: 'company',
    });
    // The legacy alphabet weighs the padding of a 12-character RFC differently: a second digit.
    const accepted = [...'0123456789A'].filter(
      (check) => checkDocId('MX', `MAB9307148T${check}`).ok,
    );
    expect(accepted).toEqual(['4', '8']);
  });

  it('checks only the format in a country without a checksum here', () => {
    expect(checkDocId('US', '12-3456789')).toEqual({
      ok: true,
      doc_id: '123456789',
      holder: 'either',
    });
    expect(checkDocId('US', '12')).toEqual({ ok: false });
    expect(checkDocId('US', 'abc$%^123')).toEqual({ ok: false });
  });

  it('compacts separators and letter case', () => {
    expect(compactDocId(' 12.345.678-k ')).toBe('12345678K');
  });
});

describe('parseSubject', () => {
  it('answers the normalized subject and its id', () => {
    const subject = parseSubject({
      country: 'br',
      doc_id: '11.222.333/0001-81',
      subject_type: 'company',
    });
    expect(subject).toEqual({ country: 'BR', doc_id: '11222333000181', subject_type: 'company' });
    expect(subjectIdOf(subject as { country: string; doc_id: string })).toBe('BR-11222333000181');
  });

  it.each([
    [{ country: 'XX', doc_id: '20123456786', subject_type: 'person' }, 'invalid_country'],
    [{ doc_id: '20123456786', subject_type: 'person' }, 'invalid_country'],
    [{ country: 'AR', doc_id: '20123456780', subject_type: 'person' }, 'invalid_doc_id'],
    [{ country: 'AR', subject_type: 'person' }, 'invalid_doc_id'],
    [{ country: 'AR', doc_id: '20123456786', subject_type: 'robot' }, 'invalid_subject_type'],
    [{ country: 'AR', doc_id: '20123456786', subject_type: 'company' }, 'invalid_subject_type'],
    [{ country: 'BR', doc_id: '39053344705', subject_type: 'company' }, 'invalid_subject_type'],
    [{ country: 'BR', doc_id: '11222333000181', subject_type: 'person' }, 'invalid_subject_type'],
  ])('refuses %j with %s', (input, code) => {
    const result = parseSubject(input);
    expect(result).toBeInstanceOf(DomainError);
    expect((result as DomainError).code).toBe(code);
  });
});

describe('parsePurpose', () => {
  it('takes a purpose of the catalog', () => {
    expect(parsePurpose('tenant_screening')).toBe('tenant_screening');
  });
  it.each([undefined, null, '', '  '])('requires one (%j)', (value) => {
    expect(() => parsePurpose(value)).toThrow(
      expect.objectContaining({ code: 'purpose_required' }),
    );
  });
  it('refuses one outside the catalog', () => {
    expect(() => parsePurpose('gossip')).toThrow(
      expect.objectContaining({ code: 'invalid_purpose' }),
    );
  });
});
