// Page tests (jsdom) render translated text: wait for the first language file, and load the
// others too, so that a test switching language sees the new one at once. Node tests skip
// this: the module reads the browser's location and storage.
if ((globalThis as { window?: unknown }).window) {
  const { default: i18n, i18nReady, LANGUAGES } = await import('./index');
  await i18nReady;
  await i18n.loadLanguages(LANGUAGES.map((l) => l.lang));
}

export {}; // a module, for the top-level await
