import { MULTILINE_KEYWORD } from '@sports/shared/server';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { SchemaError } from './validationMessages';

/**
 * The app's one validator compiler (app.ts: setValidatorCompiler). Like
 * @fastify/type-provider-typebox's, it checks with compiled TypeBox schemas, but:
 *
 * - Query strings, path parameters and headers are converted strictly. TypeBox's Value.Convert
 *   (what the provider uses) reads '0x10', '1e1', ' 16', '+16' and '016' as 16 or 10, '' as 0 and
 *   '1e300' as a number no column holds. Here a number field takes canonical decimal text only
 *   ('16', '-3', '1.5'), a boolean 'true' or 'false'; anything else stays text and fails the type
 *   check, so the message names the field.
 * - Every string of every request (body included, object keys too) is refused when it holds a
 *   control character: U+0000 (PostgreSQL cannot store it: error 22021) to U+001F and U+007F.
 *   Line breaks and tabs are allowed where the field's schema says so (MULTILINE_KEYWORD).
 *   Bodies are not converted at all: JSON says what type a value is. In query strings, path
 *   parameters and headers only the declared fields are looked at (nobody reads the others).
 */
export const strictValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  const convert = httpPart === 'body' ? (value: unknown) => value : (value: unknown) => convertTextFields(schema as Schema, value);
  return (input: unknown) => {
    const value = convert(input);
    if (!check.Check(value)) return { error: check.Errors(value) as never };
    // Headers and query strings carry fields nobody reads (other headers, tracking parameters): only declared ones count.
    const scanned = httpPart === 'body' ? value : declaredFields(schema as Schema, value);
    const controlCharacter = findControlCharacter(schema as Schema, scanned, '');
    if (controlCharacter !== undefined) return { error: [controlCharacter] as never };
    return { value };
  };
};

/** The validation keyword reported for a string with a forbidden control character. */
export const CONTROL_CHARACTER_KEYWORD = 'controlCharacter';

/** The JSON-schema fields this file reads (TypeBox schemas are plain JSON schema). */
interface Schema {
  type?: string | string[];
  const?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema | Schema[];
  [MULTILINE_KEYWORD]?: boolean;
}

const INTEGER_TEXT = /^(0|-?[1-9][0-9]*)$/;
const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** A query/params/headers object with its declared fields converted from text, strictly. */
function convertTextFields(schema: Schema, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || schema.properties === undefined) return value;
  const converted: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [field, fieldSchema] of Object.entries(schema.properties)) {
    const raw = converted[field];
    if (typeof raw === 'string') converted[field] = convertText(fieldSchema, raw);
  }
  return converted;
}

function declaredFields(schema: Schema, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || schema.properties === undefined) return value;
  const properties = schema.properties;
  return Object.fromEntries(Object.entries(value).filter(([field]) => Object.hasOwn(properties, field)));
}

/** The value a text stands for, as far as the schema accepts it; else the text itself. */
function convertText(schema: Schema, text: string): unknown {
  const kinds = acceptedKinds(schema);
  if (kinds.has('string')) return text;
  if ((kinds.has('integer') && INTEGER_TEXT.test(text)) || (kinds.has('number') && NUMBER_TEXT.test(text))) return Number(text);
  if (kinds.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The JSON types a schema (or any branch of its union) accepts; a number literal counts as 'number'. */
function acceptedKinds(schema: Schema): Set<string> {
  const kinds = new Set<string>();
  const visit = (part: Schema) => {
    if (part.const !== undefined) kinds.add(typeof part.const === 'number' ? (Number.isInteger(part.const) ? 'integer' : 'number') : typeof part.const);
    else if (typeof part.type === 'string') kinds.add(part.type);
    else if (Array.isArray(part.type)) for (const type of part.type) kinds.add(type);
    for (const branch of part.anyOf ?? []) visit(branch);
  };
  visit(schema);
  return kinds;
}

/** Any control character; and the ones still refused in a multiline field (all but \t \n \r). */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The first string (or object key) holding a control character its field does not allow. */
export function findControlCharacter(schema: Schema | undefined, value: unknown, instancePath: string): SchemaError | undefined {
  if (typeof value === 'string') {
    const forbidden = schema !== undefined && isMultiline(schema) ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS;
    return forbidden.test(value) ? { keyword: CONTROL_CHARACTER_KEYWORD, instancePath, params: {} } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(itemSchema(schema, index), item, `${instancePath}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const path = `${instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (CONTROL_CHARACTERS.test(key)) return { keyword: CONTROL_CHARACTER_KEYWORD, instancePath: path, params: {} };
      const found = findControlCharacter(propertySchema(schema, key), item, path);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function isMultiline(schema: Schema): boolean {
  return schema[MULTILINE_KEYWORD] === true || (schema.anyOf ?? []).some(isMultiline);
}

/** The schema of one property: declared, additional or pattern properties, or a union branch declaring it. */
function propertySchema(schema: Schema | undefined, key: string): Schema | undefined {
  if (schema === undefined) return undefined;
  const declared = schema.properties !== undefined && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
  if (declared !== undefined) return declared;
  if (typeof schema.additionalProperties === 'object') return schema.additionalProperties;
  const pattern = Object.entries(schema.patternProperties ?? {}).find(([source]) => new RegExp(source, 'u').test(key));
  if (pattern !== undefined) return pattern[1];
  for (const branch of schema.anyOf ?? []) {
    const found = propertySchema(branch, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

function itemSchema(schema: Schema | undefined, index: number): Schema | undefined {
  if (schema === undefined) return undefined;
  if (Array.isArray(schema.items)) return schema.items[index];
  if (schema.items !== undefined) return schema.items;
  for (const branch of schema.anyOf ?? []) {
    const found = itemSchema(branch, index);
    if (found !== undefined) return found;
  }
  return undefined;
}
