import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod';
import { App } from './app.tsx';
import { activateLocale, initialLocale } from './lib/i18n.ts';
import './styles.css';

// zod's fast path compiles parsers with new Function(), after probing whether eval is allowed; the page's
// Content-Security-Policy (script-src 'self') refuses it, and the probe alone logs a CSP violation
zodConfig({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Render only once the catalog is loaded, so the first paint is already in the reader's language.
void activateLocale(initialLocale()).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
