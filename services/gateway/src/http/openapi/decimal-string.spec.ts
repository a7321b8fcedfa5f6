import { DECIMAL_STRING_SCHEMA, isAmountProperty, referenceDecimalStrings } from './decimal-string';

describe('amounts as DecimalString', () => {
  it('knows an amount by its description or its name, never a typed or enumerated field', () => {
    expect(isAmountProperty('fee', { type: 'string', description: 'decimal string, USD' })).toBe(
      true,
    );
    expect(isAmountProperty('amount', { description: 'in `currency`' })).toBe(true);
    expect(isAmountProperty('local_amount', { type: 'string' })).toBe(true);
    expect(isAmountProperty('amount', { type: 'integer' })).toBe(false);
    expect(isAmountProperty('currency', { type: 'string' })).toBe(false);
    expect(isAmountProperty('amount', { type: 'string', enum: ['1'] })).toBe(false);
  });

  it('replaces amount properties by a reference that keeps their description', () => {
    const body = {
      type: 'object',
      properties: { amount: { description: 'decimal string' }, note: { type: 'string' } },
    };
    const document = { paths: { '/x': { post: { requestBody: { schema: body } } } } };
    referenceDecimalStrings(document);
    expect(body.properties).toEqual({
      amount: { $ref: '#/components/schemas/DecimalString', description: 'decimal string' },
      note: { type: 'string' },
    });
  });

  it('accepts decimal text and refuses a number written otherwise', () => {
    const pattern = new RegExp(DECIMAL_STRING_SCHEMA.pattern);
    expect(['0', '1250.50', '-3.1'].every((text) => pattern.test(text))).toBe(true);
    expect(['1e3', '1.', '.5', '1,5', ' 1'].some((text) => pattern.test(text))).toBe(false);
  });
});
