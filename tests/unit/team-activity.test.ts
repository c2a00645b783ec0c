import { readFile } from 'node:fs/promises';
import { i18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { I18nProvider, Trans } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TEAM_EVENT_ACTIONS,
  TEAM_EVENTS_KEPT_DAYS,
  TEAM_EVENTS_KEPT_MONTHS,
  type TeamEventAction,
  type TeamRole,
} from '#src/teams.ts';
import { UserText } from '#web/components/UserText.tsx';
import { teamImportEventSubject } from '#src/team-import.ts';
import {
  changedFieldsOf,
  eventSubject,
  importCountsOf,
  olderEventsAfter,
  roleSelectValue,
  TEAM_EVENT_SENTENCES,
} from '#web/pages/team/team-activity.ts';

// Each entry of a team's audit log reads as one sentence in the person's language: who did what to whom,
// with typed names and addresses shown exactly as typed.

let spanish: Messages = {};

beforeAll(async () => {
  const po = await readFile(new URL('../../locales/es/messages.po', import.meta.url), 'utf8');
  const catalog = await formatter().parse(po, { locale: 'es', sourceLocale: 'en', filename: 'messages.po' });
  spanish = Object.fromEntries(
    Object.entries(catalog ?? {}).map(([id, entry]) => [id, entry.translation ?? '']),
  );
});

function sentence(
  locale: 'en' | 'es',
  action: TeamEventAction,
  subject: string,
  role: TeamRole | null,
): string {
  return render(locale, action, subject, {
    role: roleSelectValue(role),
    ...importCountsOf({ action, subject }),
  });
}

function render(
  locale: 'en' | 'es',
  action: TeamEventAction,
  subject: string,
  values: Record<string, unknown>,
): string {
  i18n.loadAndActivate({ locale, messages: locale === 'es' ? spanish : {} });
  const { id, message } = TEAM_EVENT_SENTENCES[action];
  const trans = createElement(Trans, {
    id,
    message,
    values: {
      actor: createElement(UserText, null, 'Olga Owner'),
      subject: createElement(UserText, null, subject),
      ...values,
    },
  });
  return renderToStaticMarkup(createElement(I18nProvider, { i18n }, trans)).replaceAll(/<\/?bdi>/g, '');
}

const ANA = 'Ana Admin <ana@example.com>';

describe('the sentences of the team log', () => {
  it('say who did what to whom, for every action, in English', () => {
    const english = Object.fromEntries(
      TEAM_EVENT_ACTIONS.map((action) => [action, sentence('en', action, ANA, 'admin')]),
    );
    expect(english).toEqual({
      team_created: 'Olga Owner created the team Ana Admin &lt;ana@example.com&gt;',
      team_renamed: 'Olga Owner renamed the team to Ana Admin &lt;ana@example.com&gt;',
      member_invited: 'Olga Owner invited Ana Admin &lt;ana@example.com&gt; as an admin',
      invitation_resent: 'Olga Owner sent the invitation to Ana Admin &lt;ana@example.com&gt; again',
      invitation_withdrawn: 'Olga Owner withdrew the invitation to Ana Admin &lt;ana@example.com&gt;',
      invitation_accepted:
        'Olga Owner accepted the invitation to Ana Admin &lt;ana@example.com&gt; and joined as an admin',
      invitation_declined: 'Olga Owner declined the invitation to Ana Admin &lt;ana@example.com&gt;',
      member_role_changed: 'Olga Owner made Ana Admin &lt;ana@example.com&gt; an admin',
      member_removed: 'Olga Owner removed Ana Admin &lt;ana@example.com&gt; from the team',
      member_left: 'Olga Owner left the team',
      ownership_transferred: 'Olga Owner made Ana Admin &lt;ana@example.com&gt; the owner',
      card_created: 'Olga Owner made a team card: Ana Admin &lt;ana@example.com&gt;',
      card_handed_over: 'Olga Owner handed on a team card: Ana Admin &lt;ana@example.com&gt;',
      card_unassigned: 'Olga Owner took a team card from its member: Ana Admin &lt;ana@example.com&gt;',
      logo_changed: 'Olga Owner changed the logo of Ana Admin &lt;ana@example.com&gt;',
      logo_removed: 'Olga Owner removed the logo of Ana Admin &lt;ana@example.com&gt;',
      card_edited: 'Olga Owner edited a team card: Ana Admin &lt;ana@example.com&gt;',
      card_deleted: 'Olga Owner deleted a team card: Ana Admin &lt;ana@example.com&gt;',
      card_paused: 'Olga Owner paused a team card: Ana Admin &lt;ana@example.com&gt;',
      card_resumed: 'Olga Owner made a paused team card live again: Ana Admin &lt;ana@example.com&gt;',
      card_published:
        'Olga Owner published a team card before its person joined: Ana Admin &lt;ana@example.com&gt;',
      printed_domain_changed:
        'Olga Owner changed the address in the team cards’ QR codes to Ana Admin &lt;ana@example.com&gt;',
      sso_domain_set:
        'Olga Owner set the team&#x27;s email domain for single sign-on to Ana Admin &lt;ana@example.com&gt;',
      sso_provider_saved: 'Olga Owner saved the single sign-on provider Ana Admin &lt;ana@example.com&gt;',
      sso_provider_removed:
        'Olga Owner removed the single sign-on provider Ana Admin &lt;ana@example.com&gt;',
      sso_required_on: 'Olga Owner required single sign-on for everyone at Ana Admin &lt;ana@example.com&gt;',
      sso_required_off:
        'Olga Owner stopped requiring single sign-on for everyone at Ana Admin &lt;ana@example.com&gt;',
      member_joined_by_sso: 'Olga Owner joined the team by signing in through the company&#x27;s provider',
      template_changed: 'Olga Owner changed the card template: Ana Admin &lt;ana@example.com&gt;',
      template_field_locked: 'Olga Owner locked Ana Admin &lt;ana@example.com&gt; on every team card',
      template_field_unlocked:
        'Olga Owner unlocked Ana Admin &lt;ana@example.com&gt;: members can set it on their own cards',
      // not the counts of an import: read as none
      members_imported:
        'Olga Owner imported a spreadsheet: 0 people invited, 0 updated, 0 unchanged, 0 rows not imported',
    });
  });

  it("name the fields a card's edit changed, as the form names them, in both languages", () => {
    const edit = (locale: 'en' | 'es') => {
      i18n.loadAndActivate({ locale, messages: locale === 'es' ? spanish : {} });
      const named = changedFieldsOf({ fields: ['position', 'address.city', 'socialLinks.linkedin'] }, i18n);
      return render(locale, 'card_edited', 'Mia', named);
    };
    expect(edit('en')).toBe('Olga Owner edited Position, City, and LinkedIn on a team card: Mia');
    expect(edit('es')).toBe('Olga Owner editó Cargo, Ciudad y LinkedIn en una tarjeta del equipo: Mia');
    expect(render('en', 'card_edited', 'Mia', changedFieldsOf({ fields: [] }, i18n))).toBe(
      'Olga Owner edited a team card: Mia',
    );
  });

  it('follow the role given, and read without one', () => {
    expect(sentence('en', 'member_invited', 'mia@example.com', 'member')).toBe(
      'Olga Owner invited mia@example.com as a member',
    );
    expect(sentence('en', 'member_invited', 'mia@example.com', null)).toBe(
      'Olga Owner invited mia@example.com',
    );
    expect(sentence('en', 'member_role_changed', 'Mia', 'owner')).toBe('Olga Owner changed the role of Mia');
  });

  it('exist in Spanish for every action, with the placeholders filled', () => {
    for (const action of TEAM_EVENT_ACTIONS) {
      const text = sentence('es', action, 'mia@example.com', 'member');
      expect(text, action).toMatch(/^Olga Owner /);
      expect(text, action).not.toMatch(/[{}]/);
      expect(text, action).not.toBe(sentence('en', action, 'mia@example.com', 'member'));
    }
    expect(sentence('es', 'member_invited', 'mia@example.com', 'member')).toBe(
      'Olga Owner invitó a mia@example.com como miembro',
    );
    expect(sentence('es', 'card_paused', 'Mia → mia@example.com', null)).toBe(
      'Olga Owner pausó una tarjeta del equipo: Mia → mia@example.com',
    );
    expect(sentence('es', 'card_resumed', 'Mia → mia@example.com', null)).toBe(
      'Olga Owner volvió a publicar una tarjeta del equipo en pausa: Mia → mia@example.com',
    );
  });

  it("name the template's fields in the reader's language, and leave other subjects as recorded", () => {
    const changed = { action: 'template_changed' as const, subject: 'company,website,address' };
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(eventSubject(changed, i18n)).toBe('Company, Website, and Postal address');
    expect(eventSubject({ action: 'template_field_locked', subject: 'colours' }, i18n)).toBe('Colours');
    expect(eventSubject({ action: 'card_edited', subject: 'company,website' }, i18n)).toBe('company,website');
    i18n.loadAndActivate({ locale: 'es', messages: spanish });
    expect(eventSubject(changed, i18n)).toBe('Empresa, Sitio web y Dirección postal');
  });

  it("say an import's counts in either language", () => {
    const subject = teamImportEventSubject({ invited: 12, updated: 1, unchanged: 0, error: 2 });
    expect(sentence('en', 'members_imported', subject, null)).toBe(
      'Olga Owner imported a spreadsheet: 12 people invited, 1 updated, 0 unchanged, 2 rows not imported',
    );
    const one = teamImportEventSubject({ invited: 1, updated: 0, unchanged: 3, error: 1 });
    expect(sentence('en', 'members_imported', one, null)).toBe(
      'Olga Owner imported a spreadsheet: 1 person invited, 0 updated, 3 unchanged, 1 row not imported',
    );
    expect(sentence('es', 'members_imported', subject, null)).toBe(
      'Olga Owner importó una hoja de cálculo: 12 personas invitadas, 1 actualizada, 0 sin cambios, 2 filas sin importar',
    );
  });

  it('keep entries for the months the server keeps them', () => {
    expect(TEAM_EVENTS_KEPT_MONTHS).toBe(12);
    expect(TEAM_EVENTS_KEPT_MONTHS * 30).toBeLessThanOrEqual(TEAM_EVENTS_KEPT_DAYS);
  });
});

describe('olderEventsAfter', () => {
  const event = (id: string, at: string) => ({
    id,
    actorName: 'Olga Owner',
    actorKind: 'person' as const,
    action: 'member_left' as const,
    subject: 'x',
    role: null,
    fields: [],
    at: new Date(at),
  });
  const page = [event('b', '2026-11-02T10:00:00Z'), event('a', '2026-11-01T10:00:00Z')];

  it("starts the next page before the page's oldest entry while there is more", () => {
    expect(olderEventsAfter({ events: page, more: true })).toBe('a');
  });

  it('stops at the last page', () => {
    expect(olderEventsAfter({ events: page, more: false })).toBeUndefined();
    expect(olderEventsAfter({ events: [], more: false })).toBeUndefined();
  });
});
