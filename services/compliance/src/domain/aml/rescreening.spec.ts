import { DomainError } from '@platform/contracts';
import { outcomeChanged, rescreenUpdate } from './rescreening';
import { parseSubject } from './screening-subject';

const match = (name: string, score = 1) => ({ list: 'ofac_sdn', name, score, reasons: [] });
const today = new Date('2025-06-01T00:00:00Z');

describe('rescreening', () => {
  it('a new status or other parties are a change; a moved score is not', () => {
    expect(outcomeChanged({ status: 'clear', matches: [] }, { status: 'clear', matches: [] })).toBe(
      false,
    );
    expect(
      outcomeChanged(
        { status: 'match', matches: [match('A', 0.96)] },
        { status: 'match', matches: [match('A', 0.97)] },
      ),
    ).toBe(false);
    expect(
      outcomeChanged(
        { status: 'match', matches: [match('A')] },
        { status: 'match', matches: [match('B')] },
      ),
    ).toBe(true);
    expect(
      outcomeChanged({ status: 'clear', matches: [] }, { status: 'match', matches: [match('A')] }),
    ).toBe(true);
  });

  it('publishes the public payload of a change, and nothing otherwise', () => {
    const screening = {
      screening_id: 's1',
      account_id: 'a1',
      previous: { status: 'clear' as const, matches: [] },
    };
    expect(
      rescreenUpdate(screening, { status: 'clear', matches: [] }, 'monitoring', today),
    ).toBeNull();
    expect(
      rescreenUpdate(screening, { status: 'match', matches: [match('A')] }, 'monitoring', today),
    ).toEqual({
      account_id: 'a1',
      screening_event: 'monitoring',
      customer_id: 's1',
      data: {
        screening_id: 's1',
        status: 'match',
        previous_status: 'clear',
        matches: [match('A')],
        updated_at: '2025-06-01T00:00:00.000Z',
      },
    });
  });
});

describe('parseSubject', () => {
  const valid = { type: 'person', name: '  Ana   Silva ', country: 'bo' };
  const codeOf = (input: Record<string, unknown>) => {
    try {
      parseSubject({ ...valid, ...input } as never, today);
      return 'ok';
    } catch (error) {
      return error instanceof DomainError ? error.code : 'thrown';
    }
  };

  it('normalizes a valid subject', () => {
    expect(parseSubject(valid, today)).toEqual({
      type: 'person',
      name: 'Ana Silva',
      country: 'BO',
      doc_id: null,
      birth_date: null,
    });
  });

  it.each([
    [{ type: 'vessel' }, 'invalid_subject_type'],
    [{ name: '   ' }, 'invalid_name'],
    [{ name: 'x'.repeat(201) }, 'invalid_name'],
    [{ country: 'BOL' }, 'invalid_country'],
    [{ country: '1A' }, 'invalid_country'],
    [{ doc_id: '' }, 'invalid_doc_id'],
    [{ birth_date: '1990-02-30' }, 'invalid_request'],
    [{ birth_date: '2099-01-01' }, 'invalid_request'],
    [{ type: 'company', birth_date: '1990-01-01' }, 'invalid_request'],
    [{ birth_date: '1990-01-01', doc_id: 'AB123' }, 'ok'],
  ])('%j answers %s', (input, code) => {
    expect(codeOf(input)).toBe(code);
  });
});
