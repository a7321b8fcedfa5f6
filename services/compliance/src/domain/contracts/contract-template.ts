import { CONTRACT_FIELD_NAME, DomainError, type ContractTemplateField } from '@platform/contracts';

/** `{{ name }}`: a placeholder of a template's body (spaces inside the braces allowed). */
const PLACEHOLDER = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** A template version as the organization wrote it. */
export interface ContractTemplateDraft {
  name: string;
  title: string;
  body: string;
  fields: readonly ContractTemplateField[];
}

/** The names the body's placeholders use, each once, in order of first use. */
export function placeholdersOf(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/**
 * A template must declare each field once, and its body may only name declared fields: an
 * envelope of it could otherwise never be filled. Refusals are `invalid_request`.
 */
export function checkTemplate(draft: ContractTemplateDraft): void {
  const declared = new Set<string>();
  for (const field of draft.fields) {
    if (declared.has(field.name))
      throw new DomainError('invalid_request', `field ${field.name} is declared twice`);
    declared.add(field.name);
  }
  if (draft.title.trim() === '' || draft.body.trim() === '')
    throw new DomainError('invalid_request', 'title and body must not be blank');
  const undeclared = placeholdersOf(draft.body).filter(
    (name) => !CONTRACT_FIELD_NAME.test(name) || !declared.has(name),
  );
  if (undeclared.length > 0)
    throw new DomainError(
      'invalid_request',
      `the body names fields that are not declared: ${undeclared.map((name) => `{{${name}}}`).join(', ')}`,
    );
}

/**
 * The values an envelope gives a template's fields, trimmed: every required field needs a
 * non-blank value and no value may name an unknown field (`contract_unfillable`). An optional
 * field left out is filled with an empty text.
 */
export function fieldValuesFor(
  fields: readonly ContractTemplateField[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const known = new Set(fields.map((field) => field.name));
  const unknown = Object.keys(values).filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new DomainError(
      'contract_unfillable',
      `the template has no field ${unknown.sort().join(', ')}`,
    );
  const filled: Record<string, string> = {};
  const missing: string[] = [];
  for (const field of fields) {
    // Own values only: a field named like an Object member (`constructor`) reads no prototype.
    const value = (Object.hasOwn(values, field.name) ? (values[field.name] ?? '') : '').trim();
    if (field.required && value === '') missing.push(field.name);
    filled[field.name] = value;
  }
  if (missing.length > 0)
    throw new DomainError(
      'contract_unfillable',
      `required fields are missing: ${missing.join(', ')}`,
    );
  return filled;
}

/** The body with each placeholder replaced by its field's value. */
export function fillTemplate(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(PLACEHOLDER, (_placeholder, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? '') : '',
  );
}
