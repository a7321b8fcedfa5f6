import { DomainError } from '@platform/contracts';
import { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe';

const schema = z
  .object({
    amount: z.string().regex(/^\d+\.\d{2}$/),
    beneficiary: z.object({ name: z.string().min(1) }).strict(),
    note: z.string().optional(),
  })
  .strict();

function failure(pipe: ZodValidationPipe<typeof schema>, value: unknown): DomainError {
  try {
    pipe.transform(value);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the pipe to throw');
}

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe(schema);

  it('returns the parsed value', () => {
    expect(pipe.transform({ amount: '10.00', beneficiary: { name: 'Ana' } })).toEqual({
      amount: '10.00',
      beneficiary: { name: 'Ana' },
    });
  });

  it('answers invalid_json for unknown fields, naming them, at any depth', () => {
    const top = failure(pipe, { amount: '10.00', beneficiary: { name: 'Ana' }, extra: 1 });
    expect(top.code).toBe('invalid_json');
    expect(top.message).toBe('unknown field(s): extra');
    const nested = failure(pipe, { amount: '10.00', beneficiary: { name: 'Ana', iban: 'x' } });
    expect(nested).toMatchObject({
      code: 'invalid_json',
      message: 'unknown field(s): beneficiary.iban',
    });
  });

  it('answers invalid_json when the body is not a JSON object', () => {
    expect(failure(pipe, undefined).code).toBe('invalid_json');
    expect(failure(pipe, 'text').code).toBe('invalid_json');
    expect(failure(pipe, [1, 2]).code).toBe('invalid_json');
  });

  it('answers invalid_request for other failures, with the field path', () => {
    const error = failure(pipe, { amount: '10', beneficiary: { name: 'Ana' } });
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/^amount: /);
    expect(failure(pipe, { amount: '10.00', beneficiary: { name: '' } }).message).toMatch(
      /^beneficiary\.name: /,
    );
  });

  it('answers the code the route declares', () => {
    const declared = new ZodValidationPipe(schema, { error_code: 'invalid_amount' });
    expect(failure(declared, { amount: 'ten', beneficiary: { name: 'Ana' } }).code).toBe(
      'invalid_amount',
    );
    expect(failure(declared, { amount: '1.00', beneficiary: { name: 'Ana' }, x: 1 }).code).toBe(
      'invalid_json',
    );
  });
});
