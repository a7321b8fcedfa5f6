import { convertOpenApi30To31 } from './openapi-3-1';

const document30 = {
  openapi: '3.0.0',
  info: { title: 't', version: '2.166' },
  paths: {
    '/v1/items/{id}': {
      parameters: [{ name: 'id', in: 'path', schema: { type: 'string', nullable: false } }],
      post: {
        parameters: [
          {
            name: 'limit',
            in: 'query',
            schema: { type: 'integer', minimum: 0, exclusiveMinimum: true },
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { note: { type: 'string', nullable: true, example: 'hi' } },
              },
              example: { nullable: true },
            },
          },
        },
        responses: {
          '200': {
            description: 'ok',
            headers: { 'X-Count': { schema: { type: 'integer', nullable: true } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['a', 'b'], nullable: true },
          parent: { $ref: '#/components/schemas/Item', nullable: true, description: 'parent item' },
          tags: { type: 'array', items: { type: 'string', nullable: true } },
          file: { type: 'string', format: 'binary' },
          either: {
            oneOf: [{ type: 'string' }, { type: 'number', maximum: 5, exclusiveMaximum: false }],
          },
        },
      },
    },
  },
};

describe('convertOpenApi30To31', () => {
  const converted = convertOpenApi30To31(document30) as any;
  const item = converted.components.schemas.Item.properties;
  const operation = converted.paths['/v1/items/{id}'].post;

  it('declares 3.1.0 and leaves the input untouched', () => {
    expect(converted.openapi).toBe('3.1.0');
    expect(document30.openapi).toBe('3.0.0');
    expect((document30.components.schemas.Item.properties.status as any).nullable).toBe(true);
  });

  it('turns nullable into a null type, also in enums and array items', () => {
    expect(item.status).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(item.tags.items).toEqual({ type: ['string', 'null'] });
    expect(operation.responses['200'].headers['X-Count'].schema).toEqual({
      type: ['integer', 'null'],
    });
  });

  it('wraps a nullable reference in anyOf with null', () => {
    expect(item.parent).toEqual({
      description: 'parent item',
      anyOf: [{ $ref: '#/components/schemas/Item' }, { type: 'null' }],
    });
  });

  it('drops nullable: false', () => {
    expect(converted.paths['/v1/items/{id}'].parameters[0].schema).toEqual({ type: 'string' });
  });

  it('makes exclusive bounds numeric', () => {
    expect(operation.parameters[0].schema).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    expect(item.either.oneOf[1]).toEqual({ type: 'number', maximum: 5 });
  });

  it('moves schema examples to examples and describes binary content', () => {
    const body = operation.requestBody.content['application/json'];
    expect(body.schema.properties.note).toEqual({ type: ['string', 'null'], examples: ['hi'] });
    expect(body.example).toEqual({ nullable: true });
    expect(item.file).toEqual({ type: 'string', contentMediaType: 'application/octet-stream' });
  });

  it('leaves no nullable keyword in any schema', () => {
    const schemas_text = JSON.stringify([
      converted.components,
      operation.parameters,
      operation.responses,
    ]);
    expect(schemas_text).not.toContain('"nullable"');
  });
});
