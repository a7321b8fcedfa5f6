import { MAX_INPUT_INTEGER_DIGITS } from '@platform/money';

/**
 * Money in the document: every amount is the `DecimalString` component, never a JSON number.
 * The contracts describe amounts as "decimal string" (or "decimal text"), and name them `amount`
 * or `*_amount`: a property whose schema is a plain or untyped string with such a description or
 * name is replaced by a reference to the component, keeping its own description.
 */
type Json = Record<string, any>;

export const DECIMAL_STRING_SCHEMA_NAME = 'DecimalString';
const DECIMAL_STRING_REF = `#/components/schemas/${DECIMAL_STRING_SCHEMA_NAME}`;
const DECIMAL_DESCRIPTION = /\bdecimal (string|text)\b|^decimal\b/i;
const AMOUNT_NAME = /^(amount|.+_amount)$/;

export const DECIMAL_STRING_SCHEMA = {
  type: 'string',
  pattern: '^-?[0-9]+(\\.[0-9]+)?$',
  description:
    'An amount as a decimal string, never a JSON number: digits with an optional point and ' +
    `decimals (\`1250.50\`). A request amount has at most ${MAX_INPUT_INTEGER_DIGITS} integer ` +
    'digits and no more decimals than its currency or asset allows (otherwise 400 ' +
    '`invalid_amount`); a negative value appears only in signed movements.',
  examples: ['1250.50'],
} as const;

/** Whether a property schema is an amount written as a plain string (or left untyped). */
export function isAmountProperty(name: string, schema: Json): boolean {
  const plain =
    schema.type === 'string' ||
    (schema.type === undefined &&
      !schema.$ref &&
      !schema.anyOf &&
      !schema.oneOf &&
      !schema.enum &&
      !schema.properties);
  if (!plain || schema.enum || schema.const !== undefined || schema.format) return false;
  return DECIMAL_DESCRIPTION.test(schema.description ?? '') || AMOUNT_NAME.test(name);
}

/** Replaces every amount property of every schema in `document` by the component. */
export function referenceDecimalStrings(document: Json): void {
  visit(document.paths);
  visit(document.components?.schemas);
}

function visit(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(visit);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const holder = value as Json;
  if (isSchemaProperties(holder.properties)) {
    for (const [name, property] of Object.entries(holder.properties as Json)) {
      if (isAmountProperty(name, property as Json))
        holder.properties[name] = amountReference(property as Json);
    }
  }
  Object.values(holder).forEach(visit);
}

function isSchemaProperties(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((child) => typeof child === 'object' && child !== null)
  );
}

function amountReference(property: Json): Json {
  const { description, examples } = property;
  return {
    $ref: DECIMAL_STRING_REF,
    ...(description !== undefined ? { description } : {}),
    ...(examples !== undefined ? { examples } : {}),
  };
}
