import { z } from 'zod';
import {
  componentIdOf,
  hoistSchemaDefinitions,
  listingPageId,
  nameContractResources,
  pascalCase,
  pointDefinitionsAtComponents,
} from './component-schemas';

describe('component schemas', () => {
  it('names resources by their export, first claim wins', () => {
    const exports = {
      testOrderResource: z.object({ id: z.string() }),
      testOrderView: z.object({ other: z.string() }),
      testLineListing: z.object({ id: z.string() }),
      testHelper: z.object({ id: z.string() }),
    };
    expect(nameContractResources(exports)).toEqual(['TestOrder', 'TestLineListing']);
    expect(componentIdOf(exports.testOrderResource)).toBe('TestOrder');
    expect(componentIdOf(exports.testOrderView)).toBeUndefined();
    expect(componentIdOf(exports.testHelper)).toBeUndefined();
    expect(listingPageId('orders', exports.testOrderResource)).toBe('TestOrderPage');
    expect(listingPageId('dead_letters', exports.testHelper)).toBe('DeadLettersPage');
    expect(pascalCase('api_keyListing')).toBe('ApiKeyListing');
  });

  it('points zod definitions at components and moves them there', () => {
    const json = pointDefinitionsAtComponents({
      $ref: '#/$defs/Order',
      $defs: { Order: { type: 'object', properties: { line: { $ref: '#/$defs/Line' } } } },
    });
    const document: Record<string, any> = {
      paths: { '/o': { get: { responses: { '200': { schema: json } } } } },
      components: { schemas: { ErrorBody: {} } },
    };
    hoistSchemaDefinitions(document);
    expect(document.paths['/o'].get.responses['200'].schema).toEqual({
      $ref: '#/components/schemas/Order',
    });
    expect(document.components.schemas).toEqual({
      ErrorBody: {},
      Order: { type: 'object', properties: { line: { $ref: '#/components/schemas/Line' } } },
    });
  });

  it('refuses two shapes under one name', () => {
    const document = {
      paths: { a: { $defs: { X: { type: 'string' } } }, b: { $defs: { X: { type: 'integer' } } } },
    };
    expect(() => hoistSchemaDefinitions(document)).toThrow('X has two different shapes');
  });
});
