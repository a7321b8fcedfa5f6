/**
 * A deterministic example value of a JSON Schema (2020-12, as OpenAPI 3.1 writes it): the
 * schema's own `examples`/`default`/`const`/first `enum` value when it has one, otherwise a
 * value of its type and format. Local `$ref`s resolve against the document; a schema already
 * being sampled higher up is not entered again (recursive shapes end there).
 */
type Json = Record<string, any>;

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2026-01-15T12:00:00.000Z',
  date: '2026-01-15',
  email: 'ana@example.com',
  uuid: '0b5f0c1e-8a8e-4f3b-9d43-6c1f7a2e9b10',
  uri: 'https://example.com/path',
  url: 'https://example.com/path',
  ipv4: '203.0.113.7',
};

/** Realistic values for common property names, used when they satisfy the schema. */
const NAME_EXAMPLES: Record<string, string> = {
  country: 'AR',
  currency: 'ARS',
  phone: '+5491155550100',
  email: 'ana@example.com',
  asset: 'USDT',
  settlement_asset: 'USDT',
  chain: 'tron',
  locale: 'es',
  timezone: 'America/Argentina/Buenos_Aires',
};
/** Realistic values by the shape of a property name. */
const NAME_PATTERN_EXAMPLES: [RegExp, string][] = [
  [/_at$/, '2026-01-15T12:00:00.000Z'],
  [/(^|_)id$/, '0b5f0c1e-8a8e-4f3b-9d43-6c1f7a2e9b10'],
  [/_url$|^url$/, 'https://example.com/path'],
  [/(^|_)name$/, 'Ana Pérez'],
  [/^method$/, 'bank_transfer'],
];
/** Values tried in turn for a string with a pattern or length limits. */
const STRING_CANDIDATES = [
  'string',
  '+14155550100',
  'AR',
  'USD',
  '1250.50',
  '2026-01-15',
  'abc123',
  'A',
];

export function sampleSchema(
  schema: Json,
  document: Json,
  seen: readonly string[] = [],
  name = '',
): unknown {
  if (typeof schema.$ref === 'string') return sampleReference(schema, document, seen, name);
  const declared = declaredExample(schema);
  if (declared.found) return declared.value;
  const choice = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choice)) return sampleChoice(choice as Json[], document, seen, name);
  if (Array.isArray(schema.allOf))
    return Object.assign(
      {},
      ...(schema.allOf as Json[]).map((part) => sampleSchema(part, document, seen, name)),
    );
  return sampleOfType(schema, document, seen, name);
}

function sampleReference(
  schema: Json,
  document: Json,
  seen: readonly string[],
  name: string,
): unknown {
  const ref = schema.$ref as string;
  if (seen.includes(ref)) return undefined;
  const { $ref: _ref, ...siblings } = schema;
  const declared = declaredExample(siblings);
  if (declared.found) return declared.value;
  return sampleSchema(resolvePointer(document, ref), document, [...seen, ref], name);
}

function declaredExample(schema: Json): { found: boolean; value?: unknown } {
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return { found: true, value: schema.examples[0] };
  if ('const' in schema) return { found: true, value: schema.const };
  if ('default' in schema) return { found: true, value: schema.default };
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return { found: true, value: schema.enum[0] };
  return { found: false };
}

// A nullable field shows its value, not null.
function sampleChoice(
  choices: Json[],
  document: Json,
  seen: readonly string[],
  name: string,
): unknown {
  const preferred = choices.find((choice) => choice.type !== 'null') ?? choices[0];
  return preferred === undefined ? null : sampleSchema(preferred, document, seen, name);
}

function sampleOfType(
  schema: Json,
  document: Json,
  seen: readonly string[],
  name: string,
): unknown {
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'object':
      return sampleObject(schema, document, seen);
    case 'array':
      return sampleArray(schema, document, seen);
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, name);
    case 'null':
      return null;
    default:
      return schema.properties ? sampleObject(schema, document, seen) : 'string';
  }
}

function sampleObject(schema: Json, document: Json, seen: readonly string[]): Json {
  const result: Json = {};
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
    const value = sampleSchema(property as Json, document, seen, name);
    if (value !== undefined) result[name] = value;
  }
  return result;
}

function sampleArray(schema: Json, document: Json, seen: readonly string[]): unknown[] {
  if (typeof schema.items !== 'object' || schema.items === null) return [];
  const item = sampleSchema(schema.items as Json, document, seen);
  const count = Math.max(1, Number(schema.minItems ?? 1));
  return item === undefined ? [] : Array.from({ length: count }, () => item);
}

function sampleNumber(schema: Json): number {
  const low =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  if (typeof low === 'number' && low > 1) return low;
  const high = schema.maximum;
  return typeof high === 'number' && high < 1 ? high : 1;
}

function sampleString(schema: Json, name: string): string {
  const by_format = typeof schema.format === 'string' ? FORMAT_EXAMPLES[schema.format] : undefined;
  if (by_format !== undefined) return by_format;
  const named =
    NAME_EXAMPLES[name] ?? NAME_PATTERN_EXAMPLES.find(([pattern]) => pattern.test(name))?.[1];
  const candidates = named === undefined ? STRING_CANDIDATES : [named, ...STRING_CANDIDATES];
  const fitting = candidates.find((candidate) => fitsString(schema, candidate));
  if (fitting !== undefined) return fitting;
  return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
}

function fitsString(schema: Json, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (typeof schema.pattern !== 'string') return true;
  try {
    return new RegExp(schema.pattern).test(value);
  } catch {
    return false;
  }
}

/** The value at a local JSON pointer (`#/components/schemas/Payout`). */
export function resolvePointer(document: Json, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`only local references are resolved, not ${ref}`);
  let current: any = document;
  for (const token of ref.slice(2).split('/')) {
    current = current?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (typeof current !== 'object' || current === null) throw new Error(`no schema at ${ref}`);
  return current as Json;
}

/**
 * Gives each JSON success response and each JSON request body an example drawn from its schema,
 * unless it already has one.
 */
export function addOperationExamples(document: Json): void {
  for (const path_item of Object.values(document.paths as Json)) {
    for (const operation of Object.values(path_item as Json)) {
      if (typeof operation !== 'object' || operation === null || !operation.responses) continue;
      addMediaExample(operation.requestBody?.content?.['application/json'], document);
      for (const [status, response] of Object.entries(operation.responses as Json))
        if (/^2/.test(status))
          addMediaExample((response as Json).content?.['application/json'], document);
    }
  }
}

function addMediaExample(media: Json | undefined, document: Json): void {
  if (!media?.schema || 'example' in media || 'examples' in media) return;
  media.example = sampleSchema(media.schema as Json, document);
}
