import { describe, expect, it } from 'vitest';
import { EMAIL_LINK_VALIDITY_HOURS } from '../../src/email-links.ts';
import { LOCALES, type Locale } from '../../src/i18n.ts';
import { SUPPORT_REPLY_HOURS } from '../../src/schemas/support.ts';
import { escapeHtml } from '../../server/lib/html.ts';
import {
  accountExists,
  changeEmail,
  confirmNewEmail,
  resetPassword,
  supportConfirmation,
  planEnded,
  supportRequest,
  trialEnded,
  trialEndingSoon,
  verifyEmail,
  type RenderedMail,
} from '../../server/mail/templates.ts';

// Every e-mail in every language: complete, escaped, with its link (docs/decisions/001-name-and-languages.md:
// every text in en and es).

const HOSTILE = '<script>alert("x")</script> & Co';
const URL_WITH_QUERY = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fonboarding';

/** A template: how to render it, its link, and whether it carries text of the person's (false: none at all). */
const templates: Record<
  string,
  { render: (locale: Locale) => RenderedMail; url?: string; interpolates?: false }
> = {
  verifyEmail: { render: (l) => verifyEmail(l, { name: HOSTILE, url: URL_WITH_QUERY }), url: URL_WITH_QUERY },
  resetPassword: {
    render: (l) => resetPassword(l, { name: HOSTILE, url: URL_WITH_QUERY }),
    url: URL_WITH_QUERY,
  },
  changeEmail: {
    render: (l) => changeEmail(l, { name: HOSTILE, newEmail: 'new"<b>@example.com', url: URL_WITH_QUERY }),
    url: URL_WITH_QUERY,
  },
  confirmNewEmail: {
    render: (l) => confirmNewEmail(l, { name: HOSTILE, url: URL_WITH_QUERY }),
    url: URL_WITH_QUERY,
  },
  accountExists: {
    render: (l) => accountExists(l, { name: HOSTILE, signInUrl: URL_WITH_QUERY }),
    url: URL_WITH_QUERY,
  },
  supportRequest: {
    render: (l) =>
      supportRequest(l, {
        fromName: HOSTILE,
        fromEmail: 'ana@example.com',
        subject: HOSTILE,
        message: `${HOSTILE}\nsecond line`,
        userId: 'user-1',
        plan: 'pro',
      }),
  },
  supportRequestFromVisitor: {
    render: (l) =>
      supportRequest(l, {
        fromName: HOSTILE,
        fromEmail: 'visitor@example.com',
        subject: HOSTILE,
        message: HOSTILE,
        userId: null,
        plan: null,
      }),
  },
  supportConfirmation: {
    render: (l) => supportConfirmation(l, { from: 'account', name: HOSTILE, subject: HOSTILE }),
  },
  supportConfirmationToVisitor: {
    render: (l) => supportConfirmation(l, { from: 'visitor' }),
    interpolates: false,
  },
  trialEndingSoon: {
    render: (l) => trialEndingSoon(l, { name: HOSTILE, daysLeft: 3, url: URL_WITH_QUERY }),
    url: URL_WITH_QUERY,
  },
  trialEnded: { render: (l) => trialEnded(l, { name: HOSTILE, url: URL_WITH_QUERY }), url: URL_WITH_QUERY },
  planEndedOffline: {
    render: (l) =>
      planEnded(l, {
        name: HOSTILE,
        plan: 'pro',
        endedAt: new Date('2026-11-21T10:00:00Z'),
        onlineUntil: null,
        paused: { vcard: 3, qrCode: 1, profileLink: 7 },
        url: URL_WITH_QUERY,
      }),
    url: URL_WITH_QUERY,
  },
  planEndedOnline: {
    render: (l) =>
      planEnded(l, {
        name: HOSTILE,
        plan: null,
        endedAt: new Date('2026-11-21T10:00:00Z'),
        onlineUntil: new Date('2026-11-30T10:00:00Z'),
        paused: { vcard: 0, qrCode: 2, profileLink: 0 },
        url: URL_WITH_QUERY,
      }),
    url: URL_WITH_QUERY,
  },
};

describe.each(Object.entries(templates))('%s', (_name, { render, url, interpolates }) => {
  it.each(LOCALES)('has a subject, a text and a complete HTML page in %s', (locale) => {
    const mail = render(locale);
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text.trim().length).toBeGreaterThan(40);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.html).toContain('Tapcard');
    expect(mail.html).toContain('#00C2FF');
  });

  if (interpolates !== false) {
    it.each(LOCALES)('escapes every interpolated value in the HTML (%s)', (locale) => {
      const { html, text } = render(locale);
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<b>');
      expect(html).toContain(escapeHtml('<script>alert("x")</script>'));
      // the plain-text part is text: nothing to escape there
      expect(text).toContain('<script>alert("x")</script>');
    });
  }

  if (url) {
    it.each(LOCALES)('carries the link as a button and as plain text (%s)', (locale) => {
      const { html, text } = render(locale);
      expect(text).toContain(url);
      expect(html).toContain(`href="${escapeHtml(url)}"`);
      expect(html).not.toContain(url); // only ever in escaped form (the & of the query)
    });
  }

  it('is written in each language, not the same text twice', () => {
    const [first, ...others] = LOCALES.map((locale) => render(locale));
    for (const other of others) {
      expect(other.subject).not.toBe(first?.subject);
      expect(other.text).not.toBe(first?.text);
    }
  });
});

describe('texts', () => {
  it('state the link validity from src/email-links.ts', () => {
    const link = { name: 'Ana', url: 'https://tapcard.example/x' };
    expect(verifyEmail('en', link).text).toContain(`${EMAIL_LINK_VALIDITY_HOURS.verifyEmail} hours`);
    expect(verifyEmail('es', link).text).toContain(`${EMAIL_LINK_VALIDITY_HOURS.verifyEmail} horas`);
    expect(resetPassword('en', link).text).toContain('valid for 1 hour');
    expect(resetPassword('es', link).text).toContain('durante 1 hora');
    expect(resetPassword('en', link).text).toContain('If you did not ask');
  });

  it('tell the new address of a change its own story, not the sign-up one', () => {
    const link = { name: 'Ana', url: 'https://tapcard.example/x' };
    for (const locale of LOCALES) {
      const mail = confirmNewEmail(locale, link);
      expect(mail.text).not.toBe(verifyEmail(locale, link).text);
      expect(mail.text).not.toMatch(/signing up|finish creating|registrarte|terminar de crear/i);
    }
    expect(confirmNewEmail('en', link).text).toContain(`${EMAIL_LINK_VALIDITY_HOURS.changeEmail} hours`);
    expect(changeEmail('en', { ...link, newEmail: 'new@example.com' }).text).toContain(
      'We then send a link to new@example.com',
    );
  });

  it('promise the support answer time of the spec', () => {
    const mail = supportConfirmation('en', { from: 'account', name: 'Ana', subject: 'Help' });
    expect(mail.text).toContain(`within ${SUPPORT_REPLY_HOURS} hours`);
    expect(supportConfirmation('es', { from: 'account', name: 'Ana', subject: 'Help' }).subject).toBe(
      'Hemos recibido tu mensaje: Help',
    );
    for (const locale of LOCALES) {
      expect(supportConfirmation(locale, { from: 'visitor' }).text).toContain(
        locale === 'en' ? `within ${SUPPORT_REPLY_HOURS} hours` : `menos de ${SUPPORT_REPLY_HOURS} horas`,
      );
    }
  });

  it('tell a visitor why the confirmation came, and the team that no account wrote', () => {
    const toVisitor = supportConfirmation('en', { from: 'visitor' });
    expect(toVisitor.text).toContain('through the Tapcard contact form');
    expect(toVisitor.text).toContain("If it wasn't you, you can ignore this email.");
    expect(toVisitor.text).not.toContain('your Tapcard account');
    const toTeam = supportRequest('en', {
      fromName: 'Ana',
      fromEmail: 'ana@example.com',
      subject: 'Demo',
      message: 'Show me',
      userId: null,
      plan: null,
    });
    expect(toTeam.text).toContain('User id: none (a visitor without an account)');
    expect(toTeam.subject).toBe('[Support] Demo');
    expect(toTeam.text).toContain('public Tapcard contact form');
  });

  it('mark the subject of a Pro or Business message, which the team answers first, in each language', () => {
    const message = { fromName: 'Ana', fromEmail: 'ana@example.com', subject: 'Help', message: 'Hi' };
    const of = (locale: 'en' | 'es', plan: 'free' | 'pro' | 'business') =>
      supportRequest(locale, { ...message, userId: 'user-1', plan });
    expect(of('en', 'free').subject).toBe('[Support] Help');
    expect(of('en', 'pro').subject).toBe('[Support] [Pro] Help');
    expect(of('en', 'business').subject).toBe('[Support] [Business] Help');
    expect(of('es', 'business').subject).toBe('[Soporte] [Business] Help');
    expect(of('en', 'pro').text).toContain('Plan: Pro: priority support');
    expect(of('en', 'business').text).toContain('Plan: Business: dedicated support');
    expect(of('es', 'free').text).toContain('Plan: Prueba gratuita');
  });

  it('count the days left of a trial in each language', () => {
    const data = { name: 'Ana', url: 'https://tapcard.example/dashboard/billing' };
    expect(trialEndingSoon('en', { ...data, daysLeft: 3 }).subject).toBe('Your Tapcard trial ends in 3 days');
    expect(trialEndingSoon('en', { ...data, daysLeft: 1 }).text).toContain('ends in 1 day.');
    expect(trialEndingSoon('es', { ...data, daysLeft: 3 }).subject).toBe(
      'Tu prueba de Tapcard termina en 3 días',
    );
    expect(trialEndingSoon('es', { ...data, daysLeft: 1 }).text).toContain('termina en 1 día.');
    expect(trialEnded('es', data).subject).toBe('Tu prueba de Tapcard ha terminado');
  });

  it('greet by name, and without one when the name is empty', () => {
    const link = { url: 'https://tapcard.example/x' };
    expect(verifyEmail('en', { ...link, name: 'Ana' }).text).toContain('Hi Ana,');
    expect(verifyEmail('es', { ...link, name: 'Ana' }).text).toContain('Hola, Ana:');
    expect(verifyEmail('en', { ...link, name: ' ' }).text).toContain('Hi,');
  });

  it('keep a support message line by line and its subject on one header line', () => {
    const mail = supportRequest('en', {
      fromName: 'Ana',
      fromEmail: 'ana@example.com',
      subject: 'Help\r\nBcc: everyone@example.com',
      message: 'first line\n\nthird line',
      userId: 'user-1',
      plan: 'free',
    });
    expect(mail.subject).toBe('[Support] Help Bcc: everyone@example.com');
    expect(mail.text).toContain('> first line\n>\n> third line');
    expect(mail.text).toContain('User id: user-1');
    expect(mail.html).toContain('white-space:pre-wrap');
  });

  it('refuse a link that is not http(s)', () => {
    expect(() => verifyEmail('en', { name: 'Ana', url: 'javascript:alert(1)' })).toThrow(/non-http/);
  });
});

describe('the plan-ended e-mail', () => {
  const facts = {
    name: 'Ana',
    plan: 'business' as const,
    endedAt: new Date('2026-11-21T10:00:00Z'),
    paused: { vcard: 1, qrCode: 9, profileLink: 2 },
    url: 'https://tapcard.example/dashboard/billing',
  };

  it('names the plan, the day it ended and what is paused, never a trial that expired', () => {
    const offline = planEnded('en', { ...facts, onlineUntil: null });
    expect(offline.subject).toBe('Your Tapcard Business plan has ended');
    expect(offline.text).toContain('ended on November 21, 2026');
    expect(offline.text).toContain(
      'Your public profile is offline, and these are paused: 1 vCard, 9 QR codes, and 2 profile links.',
    );
    expect(offline.text).not.toMatch(/trial has expired|trial ended/i);
    const spanish = planEnded('es', { ...facts, onlineUntil: null });
    expect(spanish.subject).toBe('Tu plan Empresa de Tapcard ha terminado');
    expect(spanish.text).toContain('terminó el 21 de noviembre de 2026');
    expect(spanish.text).toContain('1 vCard, 9 códigos QR y 2 enlaces del perfil');
  });

  it('while the trial runs: online until its end, and Keep live chooses what stays', () => {
    const online = planEnded('en', { ...facts, onlineUntil: new Date('2026-11-30T10:00:00Z') });
    expect(online.text).toContain(
      "stays online with the free plan's limits until your free trial ends on November 30, 2026",
    );
    expect(online.text).toContain('“Keep live”');
    expect(planEnded('es', { ...facts, onlineUntil: new Date('2026-11-30T10:00:00Z') }).text).toContain(
      '«Mantener activo»',
    );
  });
});
