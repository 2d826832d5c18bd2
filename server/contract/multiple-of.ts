// The contract's `multipleOf` on decimal steps, by the rule the web app's forms apply too
// (src/lib/multiple-of.ts): Ajv's own check divides in binary floating point and refuses 0.3 as
// a multiple of 0.0001. Every operation's requests are judged by this keyword instead.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { isMultipleOf } from '../../src/lib/multiple-of.ts';

export function addDecimalMultipleOf(ajv: Ajv2020): void {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: true,
    validate: function multipleOf(step: number, value: number) {
      if (isMultipleOf(value, step)) return true;
      // The same error Ajv's keyword gives: rule multipleOf, with the step for the message.
      (multipleOf as unknown as { errors: object[] }).errors = [{ keyword: 'multipleOf', message: `must be multiple of ${step}`, params: { multipleOf: step } }];
      return false;
    },
  });
}
