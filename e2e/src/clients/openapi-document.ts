import { ERROR_HTTP_STATUS, type ErrorCode } from '@platform/contracts/errors';

/**
 * The OpenAPI document with every local `$ref` replaced by what it points at (its own keys, such
 * as a `description`, kept beside), for suites that read a route's schema as a client would see
 * it. A reference already being inlined higher up is left as it is (recursive shapes).
 */
export function inlineSchemaRefs<T>(document: T): T {
  return inline(document, document, []) as T;
}

function inline(value: unknown, root: unknown, stack: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(item, root, stack));
  if (typeof value !== 'object' || value === null) return value;
  const { $ref, ...rest } = value as Record<string, unknown>;
  const own = Object.fromEntries(
    Object.entries(rest).map(([key, child]) => [key, inline(child, root, stack)]),
  );
  if (typeof $ref !== 'string' || !$ref.startsWith('#/') || stack.includes($ref))
    return $ref === undefined ? own : { $ref, ...own };
  const target = inline(pointerValue(root, $ref), root, [...stack, $ref]);
  return { ...(target as Record<string, unknown>), ...own };
}

function pointerValue(root: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, token) =>
        (node as Record<string, unknown> | undefined)?.[
          token.replace(/~1/g, '/').replace(/~0/g, '~')
        ],
      root,
    );
}

/**
 * One operation as a suite expects the served document to describe it: the media types of its
 * success answer and of its request body (`application/json` must be an object schema, any
 * other a schema of the file or page), and the error codes it answers.
 */
export interface DocumentedOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  status: number;
  answers: readonly string[];
  body?: readonly string[];
  errors: readonly ErrorCode[];
}

type Json = Record<string, any>;
const JSON_MEDIA_TYPE = 'application/json';
/** What a JSON route answers or takes. */
export const JSON_CONTENT: readonly string[] = [JSON_MEDIA_TYPE];

/**
 * What the OpenAPI document lacks of `operations`, one line per gap (`[]` when none): each
 * operation present with a summary and its path parameters; its answer and body by media type;
 * each error code named under the status the error catalog gives it, with the error body. And
 * the list is complete: an operation documented under `group` that it leaves out is a gap too.
 */
export function documentationGaps(
  served: unknown,
  group: RegExp,
  operations: readonly DocumentedOperation[],
): string[] {
  const document = inlineSchemaRefs(served) as { paths: Record<string, Json> };
  const gaps = operations.flatMap((expected) => {
    const name = `${expected.method} ${expected.path}`;
    const operation = document.paths[expected.path]?.[expected.method] as Json | undefined;
    if (!operation) return [`${name}: not documented`];
    return operationGaps(operation, expected).map((gap) => `${name}: ${gap}`);
  });
  const listed = new Set(operations.map(({ method, path }) => `${method} ${path}`));
  for (const [path, item] of Object.entries(document.paths))
    for (const method of Object.keys(item))
      if (group.test(path) && !listed.has(`${method} ${path}`))
        gaps.push(`${method} ${path}: documented, not listed`);
  return gaps;
}

function operationGaps(operation: Json, expected: DocumentedOperation): string[] {
  const gaps: string[] = [];
  if (!operation.summary) gaps.push('no summary');
  for (const parameter of expected.path.match(/(?<=\{)[^}]+(?=\})/g) ?? [])
    if (!(operation.parameters ?? []).some((p: Json) => p.in === 'path' && p.name === parameter))
      gaps.push(`path parameter ${parameter} undescribed`);
  const answer = operation.responses?.[String(expected.status)]?.content;
  gaps.push(...contentGaps(`${expected.status} answer`, answer, expected.answers));
  if (expected.body)
    gaps.push(...contentGaps('request body', operation.requestBody?.content, expected.body));
  for (const code of expected.errors) gaps.push(...errorGaps(operation, code));
  return gaps;
}

/** A JSON content must be an object with its properties; a file or page, any schema. */
function contentGaps(what: string, content: Json | undefined, media_types: readonly string[]) {
  return media_types.flatMap((media_type) => {
    const schema = content?.[media_type]?.schema as Json | undefined;
    if (!schema) return [`no ${what} of ${media_type}`];
    if (media_type === JSON_MEDIA_TYPE && !schema.properties) return [`${what} schema untyped`];
    return [];
  });
}

function errorGaps(operation: Json, code: ErrorCode): string[] {
  const status = ERROR_HTTP_STATUS[code];
  const response = operation.responses?.[String(status)] as Json | undefined;
  if (!String(response?.description ?? '').includes(`\`${code}\``))
    return [`${status} \`${code}\` undocumented`];
  const body = response?.content?.[JSON_MEDIA_TYPE]?.schema as Json | undefined;
  if (!body?.properties?.error || !body.properties.message)
    return [`${status} answer is not the error body`];
  return [];
}
