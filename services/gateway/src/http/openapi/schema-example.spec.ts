import { addOperationExamples, resolvePointer, sampleSchema } from './schema-example';

describe('an example drawn from a schema', () => {
  const document = {
    components: {
      schemas: {
        Money: { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$', examples: ['10.50'] },
        Node: {
          type: 'object',
          properties: { id: { type: 'string' }, child: { $ref: '#/components/schemas/Node' } },
        },
      },
    },
  };

  it('prefers declared values: examples, const, default, the first enum value', () => {
    expect(sampleSchema({ type: 'string', examples: ['a'] }, document)).toBe('a');
    expect(sampleSchema({ const: 3 }, document)).toBe(3);
    expect(sampleSchema({ type: 'integer', default: 20 }, document)).toBe(20);
    expect(sampleSchema({ type: 'string', enum: ['pending', 'paid'] }, document)).toBe('pending');
  });

  it('resolves references, shows a nullable value rather than null, and stops on recursion', () => {
    const schema = {
      type: 'object',
      properties: {
        amount: { $ref: '#/components/schemas/Money', description: 'the amount' },
        note: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 2 }] },
        node: { $ref: '#/components/schemas/Node' },
        created_at: { type: 'string' },
        tags: { type: 'array', items: { type: 'string', format: 'email' } },
      },
    };
    expect(sampleSchema(schema, document)).toEqual({
      amount: '10.50',
      note: 'AR',
      node: { id: '0b5f0c1e-8a8e-4f3b-9d43-6c1f7a2e9b10', child: undefined },
      created_at: '2026-01-15T12:00:00.000Z',
      tags: ['ana@example.com'],
    });
  });

  it('finds a string that fits the pattern and length limits', () => {
    expect(sampleSchema({ type: 'string', pattern: '^\\+[1-9]\\d{6,14}$' }, document)).toBe(
      '+14155550100',
    );
    expect(sampleSchema({ type: 'string', minLength: 13, maxLength: 13 }, document)).toBe(
      'xxxxxxxxxxxxx',
    );
  });

  it('resolves JSON pointers with escaped segments, and refuses other documents', () => {
    expect(resolvePointer({ paths: { '/a/b': { get: {} } } }, '#/paths/~1a~1b/get')).toEqual({});
    expect(() => resolvePointer(document, 'other.json#/x')).toThrow('only local references');
  });

  it('adds an example to JSON success answers and bodies, keeping an existing one', () => {
    const operation = {
      requestBody: { content: { 'application/json': { schema: { type: 'boolean' } } } },
      responses: {
        '200': { content: { 'application/json': { schema: { type: 'integer' } } } },
        '201': { content: { 'application/json': { schema: { type: 'integer' }, example: 7 } } },
        '400': { content: { 'application/json': { schema: { type: 'integer' } } } },
      },
    };
    addOperationExamples({ paths: { '/x': { post: operation } } });
    expect(operation.requestBody.content['application/json']).toHaveProperty('example', true);
    expect(operation.responses['200'].content['application/json']).toHaveProperty('example', 1);
    expect(operation.responses['201'].content['application/json'].example).toBe(7);
    expect(operation.responses['400'].content['application/json']).not.toHaveProperty('example');
  });
});
