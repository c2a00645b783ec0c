/**
 * The landing page rendered to HTML at build time, once per language (scripts/prerender.mjs writes it
 * beside the built client; server/web/routes.ts puts it in the shell it sends for /). A first visit then
 * shows the page as soon as the HTML and CSS arrive, instead of after the scripts have loaded and run;
 * the client renders the same page over it when it starts (web/main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { LOCALES, type Locale } from '#src/i18n.ts';
import { paths } from '#src/routes.ts';
import { Landing } from './pages/Landing.tsx';

export async function prerenderLanding(): Promise<Record<Locale, string>> {
  const pages: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const { messages } = await import(`../locales/${locale}/messages.po`);
    i18n.loadAndActivate({ locale, messages });
    pages[locale] = renderToString(
      <I18nProvider i18n={i18n}>
        <StaticRouter location={paths.home}>
          <Landing />
        </StaticRouter>
      </I18nProvider>,
    );
  }
  return pages as Record<Locale, string>;
}
