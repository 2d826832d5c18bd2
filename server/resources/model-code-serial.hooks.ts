// Serial prefixes are stored upper-cased: a scanned serial matches its prefix whatever the case it
// was typed in, and the unique index then sees AB5K and ab5k as the one prefix they are.
import { defineHooks } from './hooks.ts';

export default defineHooks({
  prepare: (values) => ({ ...values, serialPrefix: String(values.serialPrefix).toUpperCase() }),
});
