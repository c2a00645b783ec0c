import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/lib/app-deps.ts';
import type { LeadCards, LeadsPage, LeadWithReceipt } from '../../server/leads/service.ts';
import { cleanUp } from '../../server/cleanup/service.ts';
import { createLocalChangeBus } from '../../server/lib/changes.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { serverPaths } from '../../src/routes.ts';
import { DELETED_CARDS, LEADS_PAGE_SIZE, type LeadFilterInput } from '../../src/schemas/lead-list.ts';
import type { LeadSettings } from '../../src/schemas/lead.ts';
import { addLead, addVcard, createSignedInOwner } from '../support/factories.ts';
import {
  buildTestApp,
  depsOf,
  injectFromApp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  type TestApp,
} from '../support/harness.ts';
import { itWithVobject, readWithVobject } from '../support/vobject.ts';

// The owner's leads: the list with its search and filters, a lead's receipt, erasing one or
// all (rows deleted), the account's choices, the CSV and .vcf downloads, and the deletion by age.

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let deps: AppDeps;
/** The app's change notices, heard here as the dashboard's live streams hear them. */
const changes = createLocalChangeBus();

beforeAll(async () => {
  t = await buildTestApp({}, { changes });
  deps = { ...(await depsOf(t)), changes };
});

afterAll(async () => {
  await t?.close();
});

/** A signed-in person with a card (and another account with a lead of its own, which they never see). */
async function ownerWithCard() {
  const owner = await createSignedInOwner(t);
  const vcardId = await addVcard(t.db, owner.userId, { name: 'Ada Lovelace' });
  const stranger = await createSignedInOwner(t);
  const strangerCard = await addVcard(t.db, stranger.userId);
  const strangersLead = await addLead(t.db, {
    userId: stranger.userId,
    vcardId: strangerCard,
    name: 'Not Yours',
    email: 'not-yours@example.com',
  });
  return { ...owner, vcardId, stranger, strangerCard, strangersLead };
}

async function list(cookie: string, filter: LeadFilterInput = {}, cursor?: string | null) {
  return trpcData<LeadsPage>(await trpcQuery(t.app, 'leads.list', cookie, { filter, cursor }));
}

const names = (page: LeadsPage) => page.items.map((lead) => lead.name);

async function leadRows(userId: string) {
  return t.db.selectFrom('leads').select('id').where('user_id', '=', userId).execute();
}

function download(path: string, cookie: string, query: Record<string, string> = {}) {
  return injectFromApp(t.app, {
    method: 'GET',
    url: `${path}?${new URLSearchParams(query)}`,
    headers: { cookie },
  });
}

describe('leads.list and leads.get', () => {
  it("lists only the account's own leads, newest first, page by page", async () => {
    const owner = await ownerWithCard();
    const start = Date.now() - (LEADS_PAGE_SIZE + 5) * 60_000;
    for (let index = 0; index < LEADS_PAGE_SIZE + 2; index += 1) {
      await addLead(t.db, {
        userId: owner.userId,
        vcardId: owner.vcardId,
        name: `Lead ${index}`,
        createdAt: new Date(start + index * 60_000),
      });
    }
    const first = await list(owner.cookie);
    expect(first.total).toBe(LEADS_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(LEADS_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({
      name: `Lead ${LEADS_PAGE_SIZE + 1}`,
      vcardId: owner.vcardId,
      cardName: 'Ada Lovelace',
      fieldsGiven: ['name', 'email', 'phone', 'company', 'note'],
    });
    expect(first.nextCursor).not.toBeNull();
    const second = await list(owner.cookie, {}, first.nextCursor);
    expect(names(second)).toEqual(['Lead 1', 'Lead 0']);
    expect(second.nextCursor).toBeNull();
    expect([...names(first), ...names(second)]).not.toContain('Not Yours');
  });

  it('searches the name, e-mail, phone, company and note in any case, wildcards taken literally', async () => {
    const owner = await ownerWithCard();
    const lead = (fields: Parameters<typeof addLead>[1] extends infer F ? Partial<F> : never) =>
      addLead(t.db, { userId: owner.userId, vcardId: owner.vcardId, ...fields });
    await lead({ name: 'Grace Hopper', email: 'grace@navy.example', phone: null, company: null, note: null });
    await lead({ name: 'Alan Turing', email: null, phone: '+44 161 555 0199', company: null, note: null });
    await lead({ name: 'Katherine', email: null, phone: '+1 555 0101', company: 'NASA', note: null });
    await lead({
      name: 'Margaret',
      email: null,
      phone: '+1 555 0102',
      company: null,
      note: 'Apollo 100% done',
    });
    expect(names(await list(owner.cookie, { search: 'HOPPER' }))).toEqual(['Grace Hopper']);
    expect(names(await list(owner.cookie, { search: 'navy.EXAMPLE' }))).toEqual(['Grace Hopper']);
    expect(names(await list(owner.cookie, { search: '161 555' }))).toEqual(['Alan Turing']);
    expect(names(await list(owner.cookie, { search: 'nasa' }))).toEqual(['Katherine']);
    expect(names(await list(owner.cookie, { search: 'apollo' }))).toEqual(['Margaret']);
    expect(names(await list(owner.cookie, { search: '100%' }))).toEqual(['Margaret']);
    expect(names(await list(owner.cookie, { search: '%' }))).toEqual(['Margaret']);
    expect(names(await list(owner.cookie, { search: 'not yours' }))).toEqual([]);
  });

  it('searches without accents and in any case, both ways', async () => {
    const owner = await ownerWithCard();
    const lead = (name: string, company: string | null) =>
      addLead(t.db, { userId: owner.userId, vcardId: owner.vcardId, name, company, note: null });
    await lead('José García', null);
    await lead('ANDRÉS', 'Ñandú Ltd');
    await lead('Zoë Müller', null);
    expect(names(await list(owner.cookie, { search: 'Jose' }))).toEqual(['José García']);
    expect(names(await list(owner.cookie, { search: 'garcia' }))).toEqual(['José García']);
    expect(names(await list(owner.cookie, { search: 'GARCÍA' }))).toEqual(['José García']);
    expect(names(await list(owner.cookie, { search: 'andrés' }))).toEqual(['ANDRÉS']);
    expect(names(await list(owner.cookie, { search: 'nandu' }))).toEqual(['ANDRÉS']);
    expect(names(await list(owner.cookie, { search: 'ÑANDÚ' }))).toEqual(['ANDRÉS']);
    expect(names(await list(owner.cookie, { search: 'zoe muller' }))).toEqual(['Zoë Müller']);
    expect(names(await list(owner.cookie, { search: 'Joseph' }))).toEqual([]);
  });

  it('filters by card and by days in the reader’s time zone', async () => {
    const owner = await ownerWithCard();
    const otherCard = await addVcard(t.db, owner.userId, { name: 'Second card' });
    // 23:30 UTC on 10 March is already 11 March in Madrid (UTC+1)
    await addLead(t.db, {
      userId: owner.userId,
      vcardId: owner.vcardId,
      name: 'Late',
      createdAt: new Date('2026-03-10T23:30:00Z'),
    });
    await addLead(t.db, {
      userId: owner.userId,
      vcardId: otherCard,
      cardName: 'Second card',
      name: 'Other card',
      createdAt: new Date('2026-03-12T12:00:00Z'),
    });
    expect(names(await list(owner.cookie, { vcardId: otherCard }))).toEqual(['Other card']);
    // another account's card shows nothing of theirs
    expect(names(await list(owner.cookie, { vcardId: owner.strangerCard }))).toEqual([]);
    const day = { from: '2026-03-11', to: '2026-03-11' };
    expect(names(await list(owner.cookie, { ...day, timeZone: 'Europe/Madrid' }))).toEqual(['Late']);
    expect(names(await list(owner.cookie, { ...day, timeZone: 'UTC' }))).toEqual([]);
    expect(names(await list(owner.cookie, { from: '2026-03-11', timeZone: 'UTC' }))).toEqual(['Other card']);
    expect(names(await list(owner.cookie, { to: '2026-03-11', timeZone: 'UTC' }))).toEqual(['Late']);
    const backwards = await trpcQuery(t.app, 'leads.list', owner.cookie, {
      filter: { from: '2026-03-12', to: '2026-03-11' },
    });
    expect(trpcError(backwards).data.fieldErrors).toEqual([{ path: 'filter.to', message: M.invalid }]);
  });

  it('finds exactly the leads whose card was deleted with the deleted-cards filter, offered only then', async () => {
    const owner = await ownerWithCard();
    const gone = await addVcard(t.db, owner.userId, { name: 'Old card' });
    await addLead(t.db, { userId: owner.userId, vcardId: owner.vcardId, name: 'Kept card' });
    await addLead(t.db, { userId: owner.userId, vcardId: gone, cardName: 'Old card', name: 'Orphan' });
    // the stranger's orphaned lead is theirs
    await t.db.deleteFrom('vcards').where('id', '=', owner.strangerCard).execute();
    const cards = async () => trpcData<LeadCards>(await trpcQuery(t.app, 'leads.cards', owner.cookie));
    expect(await cards()).toEqual({
      cards: [
        { id: owner.vcardId, name: 'Ada Lovelace' },
        { id: gone, name: 'Old card' },
      ],
      deletedCards: false,
    });
    expect(names(await list(owner.cookie, { vcardId: DELETED_CARDS }))).toEqual([]);

    await t.db.deleteFrom('vcards').where('id', '=', gone).execute();
    expect(await cards()).toEqual({
      cards: [{ id: owner.vcardId, name: 'Ada Lovelace' }],
      deletedCards: true,
    });
    const orphans = await list(owner.cookie, { vcardId: DELETED_CARDS });
    expect(orphans.items).toMatchObject([{ name: 'Orphan', vcardId: null, cardName: 'Old card' }]);
    expect(orphans.total).toBe(1);
    const csv = await download(serverPaths.leadsCsv, owner.cookie, { vcardId: DELETED_CARDS });
    expect(csv.body).toContain('Orphan');
    expect(csv.body).not.toContain('Kept card');
    const bad = await trpcQuery(t.app, 'leads.list', owner.cookie, { filter: { vcardId: 'removed' } });
    expect(trpcError(bad).data.fieldErrors).toEqual([{ path: 'filter.vcardId', message: M.invalid }]);
    expect(
      trpcData(await trpcMutate(t.app, 'leads.eraseAll', owner.cookie, { vcardId: DELETED_CARDS })),
    ).toEqual({ erased: 1 });
    expect(names(await list(owner.cookie))).toEqual(['Kept card']);
    expect((await cards()).deletedCards).toBe(false);
  });

  it('gives a lead with its receipt, and another account’s lead is not_found', async () => {
    const owner = await ownerWithCard();
    const consent = 'I agree — exactly this text.\nSecond line.';
    const id = await addLead(t.db, {
      userId: owner.userId,
      vcardId: owner.vcardId,
      name: 'Receipt',
      email: 'receipt@example.com',
      phone: null,
      company: null,
      note: null,
      consentText: consent,
      consentLanguage: 'es',
    });
    const lead = trpcData<LeadWithReceipt>(await trpcQuery(t.app, 'leads.get', owner.cookie, { id }));
    expect(lead).toMatchObject({
      id,
      consentText: consent,
      consentLanguage: 'es',
      fieldsGiven: ['name', 'email'],
      cardName: 'Ada Lovelace',
      vcardId: owner.vcardId,
    });
    expect(lead.createdAt).toBeInstanceOf(Date);
    const theirs = await trpcQuery(t.app, 'leads.get', owner.cookie, { id: owner.strangersLead });
    expect(trpcError(theirs).data.reason).toBe('not_found');
  });
});

describe('erasing', () => {
  it('erases one lead: its row is gone; another account’s lead is not_found and stays', async () => {
    const owner = await ownerWithCard();
    const id = await addLead(t.db, { userId: owner.userId, vcardId: owner.vcardId });
    const kept = await addLead(t.db, { userId: owner.userId, vcardId: owner.vcardId });
    const changes: string[] = [];
    const stop = deps.changes.subscribe((change) => {
      if (change.topic === 'leads') changes.push(change.userId);
    });
    expect((await trpcMutate(t.app, 'leads.erase', owner.cookie, { id })).statusCode).toBe(200);
    stop();
    expect(await t.db.selectFrom('leads').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await leadRows(owner.userId)).toEqual([{ id: kept }]);
    expect(changes).toEqual([owner.userId]);

    const theirs = await trpcMutate(t.app, 'leads.erase', owner.cookie, { id: owner.strangersLead });
    expect(trpcError(theirs).data.reason).toBe('not_found');
    expect(await leadRows(owner.stranger.userId)).toEqual([{ id: owner.strangersLead }]);
  });

  it('erases all leads, or those the filters match, and never another account’s', async () => {
    const owner = await ownerWithCard();
    const otherCard = await addVcard(t.db, owner.userId, { name: 'Second card' });
    await addLead(t.db, { userId: owner.userId, vcardId: owner.vcardId });
    await addLead(t.db, { userId: owner.userId, vcardId: owner.vcardId });
    const onOther = await addLead(t.db, { userId: owner.userId, vcardId: otherCard });
    const narrowed = await trpcMutate(t.app, 'leads.eraseAll', owner.cookie, { vcardId: owner.vcardId });
    expect(trpcData(narrowed)).toEqual({ erased: 2 });
    expect(await leadRows(owner.userId)).toEqual([{ id: onOther }]);
    expect(trpcData(await trpcMutate(t.app, 'leads.eraseAll', owner.cookie, {}))).toEqual({ erased: 1 });
    expect(await leadRows(owner.userId)).toEqual([]);
    expect(await leadRows(owner.stranger.userId)).toHaveLength(1);
  });
});

describe('settings', () => {
  it('reads and stores the choices; a bad number of days is refused with its message and nothing stored', async () => {
    const owner = await ownerWithCard();
    const read = async () => trpcData<LeadSettings>(await trpcQuery(t.app, 'leads.settings', owner.cookie));
    expect(await read()).toEqual({ notification: 'each', retentionDays: null });
    const saved = await trpcMutate(t.app, 'leads.updateSettings', owner.cookie, {
      notification: 'digest',
      retentionDays: 90,
    });
    expect(trpcData(saved)).toEqual({ notification: 'digest', retentionDays: 90 });
    for (const retentionDays of [0, -1, 1.5, 3651]) {
      const refused = await trpcMutate(t.app, 'leads.updateSettings', owner.cookie, {
        notification: 'each',
        retentionDays,
      });
      expect(trpcError(refused).data.reason).toBe('validation_failed');
      expect(trpcError(refused).data.fieldErrors).toEqual([
        { path: 'retentionDays', message: M.leadRetentionInvalid },
      ]);
    }
    const badChoice = await trpcMutate(t.app, 'leads.updateSettings', owner.cookie, {
      notification: 'weekly',
      retentionDays: null,
    });
    expect(trpcError(badChoice).data.reason).toBe('validation_failed');
    expect(await read()).toEqual({ notification: 'digest', retentionDays: 90 });
    // the stranger's stay as they were
    expect(trpcData<LeadSettings>(await trpcQuery(t.app, 'leads.settings', owner.stranger.cookie))).toEqual({
      notification: 'each',
      retentionDays: null,
    });
  });
});

describe('downloads', () => {
  it('writes the CSV with formula cells as text, only the account’s leads, with the list’s filters', async () => {
    const owner = await ownerWithCard();
    await addLead(t.db, {
      userId: owner.userId,
      vcardId: owner.vcardId,
      name: '=HYPERLINK("https://evil.example")',
      email: 'formula@example.com',
      phone: '+1 555 0100',
      company: '@SUM(A1)',
      note: '-2+3',
      createdAt: new Date('2026-03-10T10:00:00Z'),
      consentText: 'Acepto, claro.',
      consentLanguage: 'es',
    });
    await addLead(t.db, { userId: owner.userId, vcardId: owner.vcardId, name: 'Plain', note: '\tTabbed' });
    const response = await download(serverPaths.leadsCsv, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="tapcard-leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = response.body.replace(/^\uFEFF/, '');
    expect(body.split('\n')[0]).toBe(
      'time_utc,name,email,phone,company,note,card,card_id,fields_given,consent_text,consent_language',
    );
    expect(body).toContain(`'=HYPERLINK(""https://evil.example"")`);
    expect(body).toContain("'@SUM(A1)");
    expect(body).toContain("'-2+3");
    expect(body).toContain("'\tTabbed");
    expect(body).toContain('2026-03-10T10:00:00.000Z');
    // the consent receipt: its text as shown and its language, last
    expect(body).toContain(',fields_given,consent_text,consent_language');
    expect(body).toContain('"Acepto, claro.",es');
    expect(body).not.toContain('not-yours@example.com');

    const filtered = await download(serverPaths.leadsCsv, owner.cookie, { search: 'plain' });
    expect(filtered.body).toContain('Plain');
    expect(filtered.body).not.toContain('formula@example.com');
    const bad = await download(serverPaths.leadsCsv, owner.cookie, { from: 'yesterday' });
    expect(bad.statusCode, bad.body).toBe(400);
  });

  it('names the CSV columns in the account’s language', async () => {
    const owner = await ownerWithCard();
    await t.db.updateTable('profiles').set({ language: 'es' }).where('id', '=', owner.userId).execute();
    const response = await download(serverPaths.leadsCsv, owner.cookie);
    expect(response.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      'hora_utc,nombre,correo,teléfono,empresa,nota,tarjeta,id_de_la_tarjeta,campos_dados,texto_del_consentimiento,idioma_del_consentimiento',
    );
  });

  it('refuses the downloads without a session', async () => {
    for (const path of [serverPaths.leadsCsv, serverPaths.leadsVcf]) {
      const response = await injectFromApp(t.app, { method: 'GET', url: path });
      expect(response.statusCode).toBe(401);
    }
  });

  async function leadsVcf() {
    const owner = await ownerWithCard();
    await addLead(t.db, {
      userId: owner.userId,
      vcardId: owner.vcardId,
      name: 'José Pérez, Jr.',
      email: 'jose@example.com',
      phone: '+34 600 000 000',
      company: 'Acme; Inc',
      note: 'Met at the stand\nwants a demo',
      createdAt: new Date(Date.now() - 60_000),
    });
    // the newest first: a minute apart, so the order never rests on the ids
    await addLead(t.db, {
      userId: owner.userId,
      vcardId: owner.vcardId,
      name: null,
      email: 'only-mail@example.com',
      phone: null,
      company: null,
      note: null,
    });
    const response = await download(serverPaths.leadsVcf, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="tapcard-leads-[\d-]+\.vcf"$/);
    expect(response.body).not.toContain('not-yours@example.com');
    return response.body;
  }

  it('writes one .vcf with every lead, which ical.js reads', async () => {
    const vcf = await leadsVcf();
    const parsed = ICAL.parse(vcf) as unknown[];
    const cards = (Array.isArray(parsed[0]) ? parsed : [parsed]).map(
      (jcal) => new ICAL.Component(jcal as never),
    );
    expect(cards).toHaveLength(2);
    const [only, full] = cards;
    expect(only?.getFirstPropertyValue('fn')).toBe('only-mail@example.com');
    expect(only?.getFirstPropertyValue('email')).toBe('only-mail@example.com');
    expect(full?.getFirstPropertyValue('fn')).toBe('José Pérez, Jr.');
    expect(full?.getFirstPropertyValue('email')).toBe('jose@example.com');
    expect(full?.getFirstPropertyValue('tel')).toBe('+34 600 000 000');
    expect(full?.getFirstPropertyValue('org')).toBe('Acme; Inc');
    expect(full?.getFirstPropertyValue('note')).toBe('Met at the stand\nwants a demo');
  });

  itWithVobject('writes one .vcf with every lead, which vobject reads', async () => {
    const cards = readWithVobject(await leadsVcf());
    expect(cards).toHaveLength(2);
    const full = Object.fromEntries(cards[1] ?? []);
    expect(full.fn).toBe('José Pérez, Jr.');
    expect(full.email).toBe('jose@example.com');
    expect(full.tel).toBe('+34 600 000 000');
    expect(full.org).toEqual(['Acme; Inc']);
    expect(full.note).toBe('Met at the stand\nwants a demo');
    expect(Object.fromEntries(cards[0] ?? []).fn).toBe('only-mail@example.com');
  });
});

describe('automatic deletion', () => {
  it('deletes only the leads older than the account’s chosen days, and tells the account', async () => {
    const owner = await ownerWithCard();
    await t.db
      .updateTable('profiles')
      .set({ lead_retention_days: 10 })
      .where('id', '=', owner.userId)
      .execute();
    const old = await addLead(t.db, {
      userId: owner.userId,
      vcardId: owner.vcardId,
      createdAt: new Date(Date.now() - 11 * DAY_MS),
    });
    const young = await addLead(t.db, {
      userId: owner.userId,
      vcardId: owner.vcardId,
      createdAt: new Date(Date.now() - 9 * DAY_MS),
    });
    // kept forever: the stranger chose no deletion
    await sql`update leads set created_at = now() - interval '400 days' where id = ${owner.strangersLead}`.execute(
      t.db,
    );
    const changes: string[] = [];
    const stop = deps.changes.subscribe((change) => {
      if (change.topic === 'leads') changes.push(change.userId);
    });
    const dry = await cleanUp(deps, { dryRun: true });
    expect(dry.expiredLeads).toBeGreaterThanOrEqual(1);
    expect(await leadRows(owner.userId)).toHaveLength(2);
    await cleanUp(deps, { dryRun: false });
    stop();
    const left = (await leadRows(owner.userId)).map((row) => row.id);
    expect(left).toEqual([young]);
    expect(left).not.toContain(old);
    expect(await leadRows(owner.stranger.userId)).toEqual([{ id: owner.strangersLead }]);
    expect(changes).toContain(owner.userId);
    expect(changes).not.toContain(owner.stranger.userId);
  });
});
