import fc from 'fast-check';
import { dateValue, hostileValue, plausibleByName } from './values';

/** The subset of JSON Schema 2020-12 that the gateway's document uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export type SchemaResolver = (schema: JsonSchema) => JsonSchema;

/** Resolves `#/components/schemas/...` references of one document. */
export function resolverOf(components: Record<string, JsonSchema> = {}): SchemaResolver {
  return (schema) => {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 10; hops += 1) {
      current = components[current.$ref.split('/').pop() ?? ''] ?? {};
    }
    return current;
  };
}

const MAX_DEPTH = 4;

/**
 * A value the schema allows, or nearly: a field the fuzzer knows by name takes a plausible value
 * (also when the schema types it), so requests reach the rules behind the first check.
 */
export function plausibleValue(
  schema: JsonSchema,
  resolve: SchemaResolver,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  const by_name = plausibleByName(name);
  if (resolved.enum && resolved.enum.length > 0) return fc.constantFrom(...resolved.enum);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((entry) => plausibleValue(entry, resolve, name, depth)));
  }
  if (by_name) return by_name;
  if (depth > MAX_DEPTH) return fc.constant(null);
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  switch (type) {
    case 'string':
      return resolved.format === 'date'
        ? dateValue
        : fc.string({ maxLength: Math.min(resolved.maxLength ?? 24, 24) });
    case 'integer':
      return fc.integer({ min: resolved.minimum ?? -5, max: resolved.maximum ?? 1_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausibleValue(resolved.items ?? {}, resolve, name, depth + 1), {
        maxLength: 3,
      });
    case 'object':
      return plausibleObject(resolved, resolve, depth);
    default:
      return resolved.properties ? plausibleObject(resolved, resolve, depth) : hostileValue;
  }
}

function plausibleObject(
  schema: JsonSchema,
  resolve: SchemaResolver,
  depth: number,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    fields[name] = plausibleValue(property, resolve, name, depth + 1);
  }
  const required = (schema.required ?? []).filter((name) => name in fields);
  return fc.record(fields, { requiredKeys: required });
}

/**
 * A JSON body for the schema, then bent: a field replaced by a hostile value, a required field
 * dropped, an unknown field added, or the whole body replaced by something that is not an object.
 */
export function bodyValue(schema: JsonSchema, resolve: SchemaResolver): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  const base = plausibleValue(resolved, resolve);
  const names = Object.keys(resolved.properties ?? {});
  const variants: fc.WeightedArbitrary<unknown>[] = [
    { weight: 3, arbitrary: base },
    { weight: 1, arbitrary: hostileValue },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.string({ maxLength: 12 }), hostileValue)
        .map(([body, key, value]) => withField(body, key || 'extra', value)),
    },
  ];
  if (names.length > 0) {
    variants.push(
      {
        weight: 4,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...names), hostileValue)
          .map(([body, key, value]) => withField(body, key, value)),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...names))
          .map(([body, key]) => withoutField(body, key)),
      },
    );
  }
  return fc.oneof(...variants);
}

function withField(body: unknown, key: string, value: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { ...body, [key]: value };
}

function withoutField(body: unknown, key: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { [key]: _dropped, ...rest } = body as Record<string, unknown>;
  return rest;
}
