/**
 * @nestjs/swagger writes OpenAPI 3.0. Version 3.1 uses JSON Schema 2020-12, so the schema
 * keywords that changed are rewritten: `nullable` becomes a `null` type, boolean
 * `exclusiveMinimum`/`exclusiveMaximum` become numbers, `example` becomes `examples`, and
 * binary/base64 strings use content keywords. Only schema positions are walked, so example
 * payloads that happen to hold a `nullable` key are left alone.
 */
type Json = Record<string, any>;

const OPERATION_KEYS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;
const SCHEMA_MAP_KEYS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const;
const SCHEMA_LIST_KEYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SCHEMA_KEYS = [
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'additionalItems',
] as const;

export function convertOpenApi30To31<T extends Json>(document: T): T {
  const converted: Json = structuredClone(document);
  converted.openapi = '3.1.0';
  const components = converted.components as Json | undefined;
  if (components) convertComponents(components);
  for (const path_item of Object.values((converted.paths ?? {}) as Json))
    convertPathItem(path_item as Json);
  return converted as T;
}

function convertComponents(components: Json): void {
  mapValues(components.schemas, convertSchema);
  mapValues(components.parameters, convertParameterLike);
  mapValues(components.headers, convertParameterLike);
  mapValues(components.responses, convertResponse);
  mapValues(components.requestBodies, convertContentHolder);
}

function convertPathItem(path_item: Json): void {
  convertParameters(path_item.parameters);
  for (const key of OPERATION_KEYS) {
    const operation = path_item[key] as Json | undefined;
    if (!operation) continue;
    convertParameters(operation.parameters);
    if (operation.requestBody) convertContentHolder(operation.requestBody);
    mapValues(operation.responses, convertResponse);
  }
}

function convertParameters(parameters: unknown): void {
  if (Array.isArray(parameters))
    parameters.forEach((parameter) => convertParameterLike(parameter as Json));
}

function convertParameterLike(parameter: Json): Json {
  if (isObject(parameter.schema)) parameter.schema = convertSchema(parameter.schema);
  convertContentHolder(parameter);
  return parameter;
}

function convertResponse(response: Json): Json {
  mapValues(response.headers, convertParameterLike);
  return convertContentHolder(response);
}

function convertContentHolder(holder: Json): Json {
  for (const media of Object.values((holder.content ?? {}) as Json)) {
    if (isObject(media) && isObject(media.schema)) media.schema = convertSchema(media.schema);
  }
  return holder;
}

export function convertSchema(input: Json): Json {
  const schema: Json = { ...input };
  convertChildren(schema);
  convertExclusiveBound(schema, 'exclusiveMinimum', 'minimum');
  convertExclusiveBound(schema, 'exclusiveMaximum', 'maximum');
  convertExample(schema);
  convertBinaryFormat(schema);
  return convertNullable(schema);
}

function convertChildren(schema: Json): void {
  for (const key of SCHEMA_MAP_KEYS) mapValues(schema[key], convertSchema);
  for (const key of SCHEMA_LIST_KEYS) {
    if (Array.isArray(schema[key])) schema[key] = (schema[key] as Json[]).map(convertSchema);
  }
  for (const key of SCHEMA_KEYS) {
    if (isObject(schema[key])) schema[key] = convertSchema(schema[key]);
  }
  if (Array.isArray(schema.items)) schema.items = (schema.items as Json[]).map(convertSchema);
  else if (isObject(schema.items)) schema.items = convertSchema(schema.items);
  if (isObject(schema.additionalProperties))
    schema.additionalProperties = convertSchema(schema.additionalProperties);
}

function convertExclusiveBound(schema: Json, exclusive_key: string, bound_key: string): void {
  if (typeof schema[exclusive_key] !== 'boolean') return;
  if (schema[exclusive_key] === true && typeof schema[bound_key] === 'number') {
    schema[exclusive_key] = schema[bound_key];
    delete schema[bound_key];
  } else {
    delete schema[exclusive_key];
  }
}

function convertExample(schema: Json): void {
  if (!('example' in schema)) return;
  if (!Array.isArray(schema.examples)) schema.examples = [schema.example];
  delete schema.example;
}

function convertBinaryFormat(schema: Json): void {
  if (schema.type !== 'string') return;
  if (schema.format === 'binary') {
    schema.contentMediaType = 'application/octet-stream';
    delete schema.format;
  } else if (schema.format === 'byte') {
    schema.contentEncoding = 'base64';
    delete schema.format;
  }
}

function convertNullable(schema: Json): Json {
  if (!('nullable' in schema)) return schema;
  const { nullable, ...rest } = schema;
  if (nullable !== true) return rest;
  if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
  if (Array.isArray(rest.type))
    return rest.type.includes('null') ? rest : { ...rest, type: [...rest.type, 'null'] };
  // No type of its own ($ref or a composition): allow null beside it.
  const { description, title, default: default_value, ...inner } = rest;
  return {
    ...(description !== undefined ? { description } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(default_value !== undefined ? { default: default_value } : {}),
    anyOf: [inner, { type: 'null' }],
  };
}

function mapValues(record: unknown, convert: (value: Json) => Json): void {
  if (!isObject(record)) return;
  for (const [key, value] of Object.entries(record)) {
    if (isObject(value)) record[key] = convert(value);
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
