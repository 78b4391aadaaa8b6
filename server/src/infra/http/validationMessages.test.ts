import { describe, expect, it } from 'vitest';
import { FALLBACK_VALIDATION_MESSAGE, fieldName, validationMessage } from './validationMessages';

const error = (keyword: string, instancePath: string, params: Record<string, unknown> = {}) => ({ keyword, instancePath, params });

describe('validationMessage', () => {
  it('names the field that is too long', () => {
    expect(validationMessage([error('maxLength', '/name', { limit: 10 })])).toBe('name 长度不能超过 10 个字符');
  });

  it('names the missing field (TypeBox and Ajv shapes)', () => {
    expect(validationMessage([error('required', '', { requiredProperties: ['mobile', 'code'] })])).toBe('缺少参数 mobile');
    expect(validationMessage([error('required', '', { missingProperty: 'mobile' })])).toBe('缺少参数 mobile');
    expect(validationMessage([error('required', '/user', { requiredProperties: ['mobile'] })])).toBe('缺少参数 user.mobile');
  });

  it('names a field of the wrong type', () => {
    expect(validationMessage([error('type', '/name', { type: 'string' })])).toBe('name 类型错误');
  });

  it('names a field holding a control character (requestValidator.ts)', () => {
    expect(validationMessage([error('controlCharacter', '/title')])).toBe('title 不能包含控制字符');
  });

  it('says empty for a minimum length of 1, and gives the limit otherwise', () => {
    expect(validationMessage([error('minLength', '/name', { limit: 1 })])).toBe('name 不能为空');
    expect(validationMessage([error('minLength', '/password', { limit: 6 })])).toBe('password 长度不能少于 6 个字符');
  });

  it('reports a union once, as an invalid value', () => {
    const errors = [
      error('const', '/remote', { allowedValue: 'mf_live' }),
      error('const', '/remote', { allowedValue: 'mf_scores' }),
      error('anyOf', '/remote'),
      error('type', '/version', { type: 'string' }),
    ];
    expect(validationMessage(errors)).toBe('remote 取值无效');
  });

  it('covers numbers, patterns and unknown properties', () => {
    expect(validationMessage([error('maximum', '/classify_type', { limit: 1 })])).toBe('classify_type 不能大于 1');
    expect(validationMessage([error('minimum', '/page', { limit: 1 })])).toBe('page 不能小于 1');
    expect(validationMessage([error('pattern', '/mobile', { pattern: '^1' })])).toBe('mobile 格式错误');
    expect(validationMessage([error('additionalProperties', '', { additionalProperty: 'admin' })])).toBe('不支持的参数 admin');
    // TypeBox: a false schema at the extra property first, then additionalProperties listing them.
    const typeboxExtra = [
      { keyword: 'boolean', schemaPath: '#/additionalProperties', instancePath: '/admin', params: {} },
      error('additionalProperties', '', { additionalProperties: ['admin'] }),
    ];
    expect(validationMessage(typeboxExtra)).toBe('不支持的参数 admin');
  });

  it('falls back to a generic message', () => {
    expect(validationMessage([])).toBe(FALLBACK_VALIDATION_MESSAGE);
    expect(validationMessage([error('somethingNew', '')])).toBe(FALLBACK_VALIDATION_MESSAGE);
    expect(validationMessage([error('somethingNew', '/name')])).toBe(`name ${FALLBACK_VALIDATION_MESSAGE}`);
  });
});

describe('fieldName', () => {
  it('turns JSON pointers into dotted names', () => {
    expect(fieldName('')).toBe('');
    expect(fieldName('/a/b/0')).toBe('a.b.0');
    expect(fieldName('/a~1b')).toBe('a/b');
  });
});
