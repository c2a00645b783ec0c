import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { DevMailboxNotice } from '#web/pages/onboarding/DevMailboxNotice.tsx';

// The "Check your email" screen of a server without a mail server (outside production) says where the
// confirmation went: the dev mailbox (auth.providers' devMailbox). A server that sends e-mail says nothing.

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

const render = (shown: boolean) =>
  renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(DevMailboxNotice, { shown })));

describe('the dev mailbox on the waiting screen', () => {
  it('links the dev mailbox, in a tab of its own, where the server has no mail server', () => {
    const html = render(true);
    expect(html.replace(/<[^>]+>/g, '')).toBe(
      'This server sends no email yet: the message is in its dev mailbox.',
    );
    expect(html).toMatch(/<a href="\/dev\/mail" target="_blank" rel="noopener"[^>]*>dev mailbox<\/a>/);
  });

  it('says nothing where the server sends e-mail', () => {
    expect(render(false)).toBe('');
  });
});
