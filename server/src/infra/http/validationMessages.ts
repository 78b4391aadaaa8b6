import { validationTexts } from './errorCatalogue';

/**
 * Schema validation errors -> one Chinese message naming the field, e.g.
 * `name 长度不能超过 10 个字符`, `缺少参数 mobile`, `name 类型错误`.
 * The shape is the JSON-schema error both TypeBox and Ajv produce; the texts are the error
 * catalogue's (errorCatalogue.ts), and the answer's reason is VALIDATION.
 */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params: Record<string, unknown>;
  message?: string;
}

export const FALLBACK_VALIDATION_MESSAGE = validationTexts.fallback;

/** The message for the first error that says something specific about one field. */
export function validationMessage(errors: readonly SchemaError[]): string {
  const first = pickMostUseful(errors);
  return first === undefined ? FALLBACK_VALIDATION_MESSAGE : messageFor(first);
}

/**
 * A union (anyOf) reports one failure per branch plus the anyOf itself; the anyOf is what the
 * user broke ("not one of the allowed values"), so branch errors under the same field are dropped.
 */
function pickMostUseful(errors: readonly SchemaError[]): SchemaError | undefined {
  const unionPaths = new Set(errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf').map((error) => error.instancePath));
  return errors.find(
    (error) => !isFalseSchemaOfExtraProperty(error) && (error.keyword === 'anyOf' || error.keyword === 'oneOf' || !unionPaths.has(error.instancePath)),
  );
}

/** TypeBox reports an extra property twice: `boolean` (schema false) at it, then `additionalProperties`. */
function isFalseSchemaOfExtraProperty(error: SchemaError): boolean {
  return error.keyword === 'boolean' && (error.schemaPath?.endsWith('/additionalProperties') ?? false);
}

function messageFor(error: SchemaError): string {
  const field = fieldName(error.instancePath);
  const limit = numberParam(error.params, 'limit');
  switch (error.keyword) {
    case 'required':
      return validationTexts.required(joinField(field, missingProperty(error.params)));
    case 'type':
      return validationTexts.type(field);
    case 'controlCharacter':
      // requestValidator.ts: U+0000-U+001F and U+007F (line breaks where a field allows them).
      return validationTexts.controlCharacter(field);
    case 'maxLength':
    case 'minLength':
    case 'maximum':
    case 'minimum':
    case 'maxItems':
    case 'minItems':
      return validationTexts[error.keyword](field, limit);
    case 'pattern':
    case 'format':
      return validationTexts.format(field);
    case 'const':
    case 'enum':
    case 'anyOf':
    case 'oneOf':
      return validationTexts.notAllowedValue(field);
    case 'additionalProperties':
      return validationTexts.unsupported(joinField(field, extraProperty(error.params)));
    default:
      return field === '' ? FALLBACK_VALIDATION_MESSAGE : `${field} ${FALLBACK_VALIDATION_MESSAGE}`;
  }
}

/** `/user/mobile` -> `user.mobile`; `/items/0` -> `items.0`; the root is ''. */
export function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function joinField(parent: string, child: string): string {
  return parent === '' ? child : `${parent}.${child}`;
}

/** Ajv reports `missingProperty`; TypeBox reports `requiredProperties` (all missing ones). */
function missingProperty(params: Record<string, unknown>): string {
  const single = stringParam(params, 'missingProperty');
  if (single !== undefined) return single;
  const many = params.requiredProperties;
  if (Array.isArray(many) && typeof many[0] === 'string') return many[0];
  return '';
}

/** Ajv reports `additionalProperty`; TypeBox reports `additionalProperties` (all extra ones). */
function extraProperty(params: Record<string, unknown>): string {
  const single = stringParam(params, 'additionalProperty');
  if (single !== undefined) return single;
  const many = params.additionalProperties;
  return Array.isArray(many) && typeof many[0] === 'string' ? many[0] : '';
}

function numberParam(params: Record<string, unknown>, name: string): number | string {
  const value = params[name];
  return typeof value === 'number' ? value : '?';
}

function stringParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}
