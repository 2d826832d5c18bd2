import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18n, { i18nReady } from './i18n';
import { loadUiLocale } from './custom/shell/antd-locale';
import { App } from './App';

// The first language file and antd's texts arrive before the first render, so no page shows raw
// keys or flips from English.
void i18nReady.then(() => loadUiLocale(i18n.language)).catch(() => undefined).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
