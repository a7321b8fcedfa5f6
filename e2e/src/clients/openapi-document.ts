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
