// The forms' validators compiled at build time: every schema RJSF asks about, in every language,
// has its function; the errors are those of the validator that compiled in the browser; multipleOf
// follows the server's decimal-safe rule.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { formSchemas, validatorsModule } from './form-validators.ts';
import { formValidator } from '../src/resources/validators/precompiled-validator.ts';
import { VALUE_FORMATS } from '../src/lib/value-formats.ts';
import { ROOT } from '../server/resources/descriptors.ts';

/** A language file as `t`: dotted keys to their text. */
function translate(lang: string) {
  const messages = JSON.parse(readFileSync(join(ROOT, `src/i18n/${lang}.json`), 'utf8')) as Record<string, unknown>;
  return (key: string) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
    return typeof text === 'string' ? text : key;
  };
}

describe('the precompiled form validators', () => {
  it('validate every generated form and action dialog, and each schema RJSF asks about, in English and Chinese', () => {
    for (const lang of ['en', 'zh-CN']) {
      const forms = formSchemas(ROOT, translate(lang));
      expect(forms.length).toBeGreaterThan(10);
      for (const form of forms) {
        expect(() => formValidator.validateFormData({}, form)).not.toThrow();
        for (const schema of Object.values(schemaParser(form))) {
          const { $id: _id, ...asked } = schema;
          expect(() => formValidator.isValid(asked, {}, form)).not.toThrow();
        }
      }
    }
  });

  it('give the errors the validator compiling in the browser gave, translated titles included', () => {
    const browser = customizeValidator({ AjvClass: Ajv2020 as never, customFormats: VALUE_FORMATS });
    const modelCode = formSchemas(ROOT, translate('zh-CN'))
      .find((s) => Object.keys(s.properties ?? {}).join() === 'modelCode,modelName,deviceType,ratedPower,manufacturer,remark')!;
    const bad = { modelCode: '-x', modelName: '', deviceType: 9, ratedPower: 3000 };
    const errors = formValidator.validateFormData(bad, modelCode).errors;
    expect(errors.map((e) => `${e.property} ${e.name}`)).toEqual(['.modelCode pattern', '.modelName minLength', '.deviceType const', '.deviceType oneOf', '.ratedPower maximum']);
    expect(errors).toEqual(browser.validateFormData(bad, modelCode).errors);
    expect(formValidator.validateFormData({ modelCode: 'HB-1', modelName: 'Hybrid', deviceType: 1 }, modelCode).errors).toEqual([]);
  });

  it('check multipleOf by decimals, with Ajv\'s error', async () => {
    const schema: RJSFSchema = { type: 'object', properties: { price: { type: 'number', multipleOf: 0.0001 } } };
    // The module imports the project's rules by relative path, so it is tried where the real one lies.
    const file = join(ROOT, `src/resources/validators/multiple-of-${process.pid}.generated.ts`);
    writeFileSync(file, validatorsModule([schema]));
    try {
      const { validators } = await import(file) as { validators: Record<string, ((data: unknown) => boolean) & { errors?: unknown[] }> };
      const validate = Object.values(validators).find((v) => !v({ price: 'x' }))!;
      expect(validate({ price: 0.3 })).toBe(true);
      expect(validate({ price: 0.00015 })).toBe(false);
      expect(validate.errors).toEqual([expect.objectContaining({
        instancePath: '/price', keyword: 'multipleOf', params: { multipleOf: 0.0001 }, message: 'must be multiple of 0.0001',
      })]);
    } finally {
      rmSync(file);
    }
  });
});
