/**
 * The landing page rendered to HTML at build time, once per language and with or without 'View Demo'
 * (scripts/prerender.mjs writes each beside the built client; server/web/routes.ts puts the one that fits
 * in the shell it sends for /). A first visit then shows the page as soon as the HTML and CSS arrive,
 * instead of after the scripts have loaded and run; the client renders the same page over it when it
 * starts (web/main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { prerenderedLandingFile } from '#src/demo.ts';
import { LOCALES } from '#src/i18n.ts';
import { paths } from '#src/routes.ts';
import { Landing } from './pages/Landing.tsx';
import { DemoCardContext } from './pages/landing/use-demo-card.ts';

/** Each prerendered landing page: its file name (src/demo.ts) and HTML. */
export async function prerenderLanding(): Promise<{ file: string; html: string }[]> {
  const pages: { file: string; html: string }[] = [];
  for (const locale of LOCALES) {
    const { messages } = await import(`../locales/${locale}/messages.po`);
    i18n.loadAndActivate({ locale, messages });
    for (const withDemo of [true, false]) {
      const html = renderToString(
        <I18nProvider i18n={i18n}>
          <DemoCardContext value={withDemo}>
            <StaticRouter location={paths.home}>
              <Landing />
            </StaticRouter>
          </DemoCardContext>
        </I18nProvider>,
      );
      pages.push({ file: prerenderedLandingFile(locale, withDemo), html });
    }
  }
  return pages;
}
