import { i18n } from '@lingui/core';
import { I18nProvider, Trans } from '@lingui/react';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserText } from '#web/components/UserText.tsx';

// Text a person typed inside a translated sentence ("Signed in as …", "Welcome back, …", confirmation
// dialogs) shows exactly as typed: Lingui reads tags in string values, never in element values.

const TYPED = 'Bea <b>Bold</b> <script>x</script> <0>zero</0>';
const AS_TYPED = 'Bea &lt;b&gt;Bold&lt;/b&gt; &lt;script&gt;x&lt;/script&gt; &lt;0&gt;zero&lt;/0&gt;';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

function render(message: string, value: ReactNode, components?: Record<string, ReactNode>): string {
  const trans = createElement(Trans, { id: message, message, values: { userName: value }, components });
  return renderToStaticMarkup(createElement(I18nProvider, { i18n }, trans));
}

describe('UserText inside a translated sentence', () => {
  it('shows a name with tag-like text exactly as typed', () => {
    expect(render('Welcome back, {userName}.', createElement(UserText, null, TYPED))).toBe(
      `Welcome back, <bdi>${AS_TYPED}</bdi>.`,
    );
  });

  it('does so inside an element of the sentence too', () => {
    const bold = createElement('span', { className: 'font-semibold' });
    expect(render('Signed in as <0>{userName}</0>', createElement(UserText, null, TYPED), { 0: bold })).toBe(
      `Signed in as <span class="font-semibold"><bdi>${AS_TYPED}</bdi></span>`,
    );
  });

  it('is needed: a plain string value loses its tags', () => {
    expect(render('Welcome back, {userName}.', TYPED)).not.toContain('&lt;b&gt;');
  });
});
