import fc from 'fast-check';
import { bodyValue, resolverOf, type JsonSchema, type SchemaResolver } from './schema-values';
import { hostileString, plausibleByName } from './values';

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  body_schema: JsonSchema | null;
}

/** A request as sent: the target already encoded, the body as raw text. */
export interface FuzzRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** What the fuzzer knows of the running platform: credentials and real ids to aim at. */
export interface FuzzFixtures {
  /** Authorization header values by credential name (session, API key, organization admin). */
  credentials: () => Record<string, string>;
  /** Real values for a path parameter, by the path segment before it (`payins`, `pay`...). */
  ids_by_segment: Record<string, string[]>;
}

export interface DocumentShape {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, with its JSON body schema when it has one. */
export function operationsOf(document: DocumentShape): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])],
        body_schema: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** The arbitrary of hostile and plausible requests for one operation. */
export function requestArbitrary(
  operation: Operation,
  document: DocumentShape,
  fixtures: FuzzFixtures,
): fc.Arbitrary<FuzzRequest> {
  const resolve = resolverOf(document.components?.schemas);
  return fc
    .record({
      path: pathArbitrary(operation, fixtures),
      query: queryArbitrary(operation, resolve),
      headers: headersArbitrary(fixtures),
      body: bodyArbitrary(operation, resolve),
    })
    .map(({ path, query, headers, body }) => ({
      method: operation.method,
      target: query ? `${path}?${query}` : path,
      headers: {
        ...headers,
        ...(body.content_type === null ? {} : { 'content-type': body.content_type }),
      },
      body: body.text,
    }));
}

/**
 * Percent-encodes text as a client would, except that a lone surrogate becomes the bytes of its
 * code unit (invalid UTF-8), which is what a hostile client sends.
 */
export function encodeComponent(text: string): string {
  let encoded = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    const lone = char.length === 1 && unit >= 0xd800 && unit <= 0xdfff;
    encoded += lone
      ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('')
      : encodeURIComponent(char);
  }
  return encoded;
}

/** Raw pieces a careless encoder lets through: they reach the router as they are. */
const RAW_PIECES = ['%', '%zz', '%ff', '%c3%28', '%ed%a0%80', '..', '%2e%2e', '%00', '%2F'];

function pathArbitrary(operation: Operation, fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const values = names.map((name) => {
    const segment = segmentBefore(operation.path, name);
    const known = fixtures.ids_by_segment[segment] ?? [];
    const candidates: fc.WeightedArbitrary<string>[] = [
      { weight: 2, arbitrary: fc.uuid().map(encodeComponent) },
      { weight: 2, arbitrary: hostileString.map(encodeComponent) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_PIECES) },
    ];
    if (known.length > 0)
      candidates.push({ weight: 5, arbitrary: fc.constantFrom(...known).map(encodeComponent) });
    return fc.oneof(...candidates);
  });
  return fc
    .tuple(...values)
    .map((chosen) =>
      names.reduce(
        (path, name, index) => path.replace(`{${name}}`, chosen[index]!),
        operation.path,
      ),
    );
}

function segmentBefore(path: string, name: string): string {
  const segments = path.split('/');
  const index = segments.indexOf(`{${name}}`);
  return index > 0 ? (segments[index - 1] ?? '') : '';
}

function queryArbitrary(operation: Operation, resolve: SchemaResolver): fc.Arbitrary<string> {
  const documented = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pairs = documented.map((parameter) =>
    fc.option(
      fc.oneof(
        { weight: 3, arbitrary: queryValue(parameter.name, parameter.schema ?? {}, resolve) },
        { weight: 1, arbitrary: hostileString },
      ),
      { freq: 2 },
    ),
  );
  const extra = fc.option(
    fc.oneof(
      fc.tuple(fc.string({ maxLength: 8 }), hostileString).map(([key, value]) => [key, value]),
      fc.constantFrom(...RAW_PIECES).map((piece) => ['raw', piece]),
    ),
    { freq: 4 },
  );
  return fc.tuple(fc.tuple(...pairs), extra, fc.boolean()).map(([values, added, repeat]) => {
    const parts: string[] = [];
    documented.forEach((parameter, index) => {
      const value = values[index];
      if (value === null || value === undefined) return;
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const pair = `${encodeComponent(parameter.name)}=${encodeComponent(text)}`;
      parts.push(pair);
      if (repeat) parts.push(pair); // a repeated parameter arrives as an array
    });
    if (added) {
      const [key, value] = added as [string, string];
      parts.push(
        key === 'raw' ? `raw=${value}` : `${encodeComponent(key)}=${encodeComponent(value)}`,
      );
    }
    return parts.join('&');
  });
}

function queryValue(
  name: string,
  schema: JsonSchema,
  resolve: SchemaResolver,
): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  if (resolved.enum && resolved.enum.length > 0) return fc.constantFrom(...resolved.enum);
  return plausibleByName(name) ?? fc.string({ maxLength: 16 });
}

/** Header values must be bytes a client can send: no CR, LF or NUL. */
const SENDABLE = /^[\t\x20-\x7e\x80-\xff]*$/;
const sendableText = fc
  .oneof(
    hostileString.filter((text) => SENDABLE.test(text)),
    fc.constantFrom('é', 'ÿ'.repeat(300), 'k'.repeat(257), 'line,comma', 'x'),
  )
  .filter((text) => SENDABLE.test(text));

function headersArbitrary(fixtures: FuzzFixtures): fc.Arbitrary<Record<string, string>> {
  const auth = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('session', 'api_key', 'org_admin', 'x_api_key') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'none',
        'Bearer garbage',
        'Bearer pk_live_nope',
        'Bearer pk_test_nope',
        'Basic dXNlcjpwYXNz',
        'Bearer eyJhbGciOiJub25lIn0.e30.',
        `Bearer ${'x'.repeat(5000)}`,
      ),
    },
  );
  return fc
    .record({
      auth,
      idempotency_key: fc.option(sendableText, { freq: 3 }),
      otp: fc.option(fc.constantFrom('otp_garbage', '', 'x'.repeat(300)), { freq: 4 }),
      accept: fc.option(
        fc.constantFrom('application/json', 'text/html', 'text/event-stream', '*/*', 'image/png'),
        { freq: 2 },
      ),
      language: fc.option(fc.constantFrom('es', 'zh-CN,zh;q=0.9', 'xx-YY', ';;q=2'), { freq: 3 }),
      last_event_id: fc.option(sendableText, { freq: 8 }),
    })
    .map((chosen) => {
      const headers: Record<string, string> = {};
      const credentials = fixtures.credentials();
      if (chosen.auth === 'x_api_key') headers['x-api-key'] = credentials.api_key_raw ?? '';
      else if (chosen.auth in credentials) headers.authorization = credentials[chosen.auth]!;
      else if (chosen.auth !== 'none') headers.authorization = chosen.auth;
      if (chosen.idempotency_key !== null) headers['idempotency-key'] = chosen.idempotency_key;
      if (chosen.otp !== null) headers['x-otp-token'] = chosen.otp;
      if (chosen.accept !== null) headers.accept = chosen.accept;
      if (chosen.language !== null) headers['accept-language'] = chosen.language;
      if (chosen.last_event_id !== null) headers['last-event-id'] = chosen.last_event_id;
      return headers;
    });
}

interface BodyChoice {
  text: string | undefined;
  content_type: string | null;
}

/** Raw texts no JSON parser should choke on with a 5xx. */
const BAD_JSON_TEXTS = [
  '',
  '{',
  '{"a":',
  'nul',
  '[1,2',
  '"unterminated',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"amount":1e400}',
  '{"amount":-0}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
  '{"a":1,"a":2}',
  // Over the gateway's 1 MB body limit: 413 payload_too_large.
  `{"a":"${'x'.repeat(1_100_000)}"}`,
  'null',
  '123',
  'true',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/merge-patch+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
];

function bodyArbitrary(operation: Operation, resolve: SchemaResolver): fc.Arbitrary<BodyChoice> {
  const json_body: fc.Arbitrary<BodyChoice> = (
    operation.body_schema ? bodyValue(operation.body_schema, resolve) : fc.constant({})
  ).map((value) => ({ text: JSON.stringify(value) ?? 'null', content_type: 'application/json' }));
  const variants: fc.WeightedArbitrary<BodyChoice>[] = [
    { weight: operation.body_schema ? 12 : 1, arbitrary: json_body },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...BAD_JSON_TEXTS)
        .map((text) => ({ text, content_type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(json_body, fc.constantFrom(...CONTENT_TYPES))
        .map(([body, content_type]) => ({ text: body.text, content_type })),
    },
    { weight: 1, arbitrary: json_body.map((body) => ({ text: body.text, content_type: null })) },
  ];
  if (!operation.body_schema) {
    variants.push({ weight: 8, arbitrary: fc.constant({ text: undefined, content_type: null }) });
  }
  return fc.oneof(...variants);
}
