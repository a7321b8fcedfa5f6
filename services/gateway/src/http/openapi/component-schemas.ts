import * as contracts from '@platform/contracts';
import { z } from 'zod';

/**
 * Named component schemas. A zod schema that carries an `id` in zod's global registry is written
 * once under `components.schemas` and referenced by `$ref` wherever a route uses it: every
 * `*Resource` schema of the contracts (`payoutResource` is `Payout`) and every listing envelope
 * (`PayoutPage`). The global registry is the one `.describe()` writes to, so descriptions stay.
 */
export const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';
/** Export suffixes of the contracts' resource schemas, dropped from the component id. */
const RESOURCE_SUFFIXES = ['Resource', 'View', 'Record'] as const;
/** Resources whose export name has no such suffix, named as they are (`memberListing`). */
const NAMED_AS_EXPORTED =
  /(Listing|^publicEvent|^securityEvent|^webhookSubscription|^webhookDelivery|^mailboxMessage|^verificationSummary)$/;

/** `payout_status` or `payoutStatus` → `PayoutStatus`. */
export function pascalCase(name: string): string {
  return name
    .split(/[_\W]+/)
    .filter((part) => part.length > 0)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** The component id a schema is written under, if it has one. */
export function componentIdOf(schema: z.ZodType): string | undefined {
  const id = z.globalRegistry.get(schema)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** Gives `schema` the component id `id` (once; naming the same schema again is a no-op). */
export function nameSchema<T extends z.ZodType>(schema: T, id: string): T {
  const current = z.globalRegistry.get(schema);
  if (current?.id === id) return schema;
  if (current?.id !== undefined)
    throw new Error(`schema already named ${String(current.id)}, not ${id}`);
  z.globalRegistry.add(schema, { ...current, id });
  return schema;
}

/**
 * Names the resource schemas the contracts export: `payoutResource`, `payinView` and `swapRecord`
 * become `Payout`, `Payin` and `Swap`; `memberListing` becomes `MemberListing`. The first export
 * to claim an id keeps it. Run once, before any controller is decorated.
 */
export function nameContractResources(exports: Record<string, unknown> = contracts): string[] {
  const named: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    const id = resourceIdOf(name);
    if (id === undefined || !(value instanceof z.ZodType) || componentIdOf(value) !== undefined)
      continue;
    if (isIdTaken(id)) continue;
    nameSchema(value, id);
    named.push(id);
  }
  return named;
}

function resourceIdOf(export_name: string): string | undefined {
  if (NAMED_AS_EXPORTED.test(export_name)) return pascalCase(export_name);
  const suffix = RESOURCE_SUFFIXES.find((end) => export_name.endsWith(end));
  if (suffix === undefined || export_name === suffix) return undefined;
  return pascalCase(export_name.slice(0, -suffix.length));
}

export function isIdTaken(id: string): boolean {
  return z.globalRegistry._idmap.has(id);
}

/** A listing envelope's component id: `<Item>Page` for a named item, else `<Collection>Page`. */
export function listingPageId(collection: string, item: z.ZodType): string {
  return `${componentIdOf(item) ?? pascalCase(collection)}Page`;
}

/**
 * Rewrites zod's `#/$defs/<id>` references to `#/components/schemas/<id>`; the definitions stay
 * under `$defs` for the document builder to move into `components.schemas`.
 */
export function pointDefinitionsAtComponents(json: Record<string, any>): Record<string, any> {
  return JSON.parse(
    JSON.stringify(json).replace(/"#\/\$defs\/([^"]+)"/g, `"${COMPONENT_SCHEMA_PREFIX}$1"`),
  ) as Record<string, any>;
}

/**
 * Moves every `$defs` found in `document` into `components.schemas` (same id twice must be the same
 * schema, or the build fails: two shapes under one name would mislead clients).
 */
export function hoistSchemaDefinitions(document: Record<string, any>): void {
  const found: Record<string, unknown> = {};
  collectDefinitions(document.paths, found);
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...sortedByName(found) };
}

function collectDefinitions(value: unknown, found: Record<string, unknown>): void {
  if (Array.isArray(value)) {
    value.forEach((item) => collectDefinitions(item, found));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const holder = value as Record<string, unknown>;
  const definitions = holder.$defs as Record<string, unknown> | undefined;
  if (definitions !== undefined) {
    delete holder.$defs;
    for (const [id, schema] of Object.entries(definitions)) {
      collectDefinitions(schema, found);
      addDefinition(found, id, schema);
    }
  }
  Object.values(holder).forEach((child) => collectDefinitions(child, found));
}

function addDefinition(found: Record<string, unknown>, id: string, schema: unknown): void {
  const existing = found[id];
  if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(schema))
    throw new Error(`component schema ${id} has two different shapes`);
  found[id] = schema;
}

function sortedByName(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
