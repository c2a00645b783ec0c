import './lib/zod-without-eval.ts';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { App } from './app.tsx';
import { activateLocale, initialLocale } from './lib/i18n.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function root(children: ReactNode) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </StrictMode>
  );
}

// The landing page arrives rendered in the shell's language (server/web/routes.ts). In that same language
// the client takes over the page as it is; in another (a language chosen earlier on this device) it
// renders its own over it.
const locale = initialLocale();
const prerendered = container.hasChildNodes() && document.documentElement.lang === locale;

// Render only once the catalog is loaded, so the first paint is already in the reader's language.
void activateLocale(locale).then(() => {
  // as a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a phone's taps and scrolls go through meanwhile)
  startTransition(() => {
    if (prerendered) hydrateRoot(container, root(<App />));
    else createRoot(container).render(root(<App />));
  });
});

// The toasts: a root of their own beside the page (nothing for a prerendered page to match), whose code
// loads once the page has loaded, out of the way of its first paint. A toast raised meanwhile waits in
// the store (web/lib/toast.ts) until then.
function mountToaster() {
  void import('./components/ui/Toaster.tsx').then(({ Toaster }) => {
    const toasts = document.body.appendChild(document.createElement('div'));
    createRoot(toasts).render(root(<Toaster />));
  });
}
if (document.readyState === 'complete') mountToaster();
else window.addEventListener('load', mountToaster, { once: true });
