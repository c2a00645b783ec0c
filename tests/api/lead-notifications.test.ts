import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, LeadsTable } from '../../db/schema.ts';
import { LEAD_DIGEST_LISTED, notifyNewLead, sendLeadDigests } from '../../server/leads/notify.ts';
import type { AppDeps } from '../../server/lib/app-deps.ts';
import type { MailAbout, MailMessage } from '../../server/mail/types.ts';
import type { LeadNotification } from '../../src/schemas/lead.ts';
import { addVcard, createOwner } from '../support/factories.ts';
import { buildMailingTestApp, depsOf, type MailingTestApp } from '../support/harness.ts';
import type { ReceivedMail } from '../support/mail-receiver.ts';
import { addTeam, addTeamCard } from '../support/teams.ts';

// The owner is told of new leads (server/leads/notify.ts): an e-mail per lead, queued in the
// transaction that records the lead, or one a day with every lead not told of yet. Leads are written
// straight into the table, as recordLead stores them.

let t: MailingTestApp;
let deps: AppDeps;
/** What the mailer was handed: each message with what it is about and whether it came in a transaction. */
const handed: { message: MailMessage; about: MailAbout; inTransaction: boolean }[] = [];

beforeAll(async () => {
  t = await buildMailingTestApp();
  const base = await depsOf(t);
  deps = {
    ...base,
    mailer: {
      async send(message, about, trx) {
        handed.push({ message, about, inTransaction: trx?.isTransaction === true });
        await base.mailer.send(message, about, trx);
      },
      close: () => base.mailer.close(),
    },
  };
});

afterAll(async () => {
  await deps?.mailer.close();
  await t?.close();
});

/** A lead as recordLead stores it: a name, an e-mail and a note unless told otherwise. */
async function addLead(
  db: Kysely<Database>,
  fields: { userId: string; vcardId: string | null } & Partial<Insertable<LeadsTable>>,
): Promise<string> {
  const { userId, vcardId, ...rest } = fields;
  const row = await db
    .insertInto('leads')
    .values({
      user_id: userId,
      vcard_id: vcardId,
      card_name: 'Ada Lovelace',
      name: 'Grace Hopper',
      email: `grace-${randomBytes(3).toString('hex')}@example.com`,
      phone: '+1 555 0100',
      company: 'Navy',
      note: 'We met at the COBOL stand.',
      consent_text: 'I agree.',
      consent_language: 'en',
      fields_given: JSON.stringify(['name', 'email', 'phone', 'company', 'note']),
      ...rest,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function ownerWith(notification: LeadNotification, language: 'en' | 'es' = 'en') {
  const owner = await createOwner(t.db, { language, name: 'Ada Lovelace' });
  await t.db
    .updateTable('profiles')
    .set({ lead_notification: notification })
    .where('id', '=', owner.id)
    .execute();
  const vcardId = await addVcard(t.db, owner.id, { name: 'Ada Lovelace' });
  return { ...owner, vcardId };
}

/** Records a lead and tells of it in one transaction, as recordLead does. */
async function recordAndNotify(
  userId: string,
  vcardId: string,
  fields: Partial<Insertable<LeadsTable>> = {},
) {
  return t.db.transaction().execute(async (trx: Transaction<Database>) => {
    const id = await addLead(trx, { userId, vcardId, ...fields });
    await notifyNewLead(deps, trx, { id, userId });
    return id;
  });
}

async function notifiedAt(id: string): Promise<Date | null> {
  const row = await t.db
    .selectFrom('leads')
    .select('notified_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.notified_at;
}

const mailsTo = (address: string): ReceivedMail[] =>
  t.mail.messages.filter((mail) => mail.to.includes(address));

describe('an account told of each lead', () => {
  it('gets one e-mail with the details, queued in the lead’s transaction, and the lead is marked told', async () => {
    const owner = await ownerWith('each');
    const id = await recordAndNotify(owner.id, owner.vcardId, { email: 'grace@navy.example' });

    const mail = await t.mail.waitFor((received) => received.to.includes(owner.email));
    expect(mail.subject).toBe('New contact on your card Ada Lovelace');
    for (const detail of [
      'Grace Hopper',
      'grace@navy.example',
      '+1 555 0100',
      'Navy',
      'We met at the COBOL stand.',
    ])
      expect(mail.body).toContain(detail);
    expect(mail.body).toContain(`${t.config.publicUrl}/dashboard/leads`);
    expect(handed.filter((entry) => entry.message.to === owner.email)).toEqual([
      expect.objectContaining({
        about: { kind: 'lead_new', userId: owner.id, leadId: id },
        inTransaction: true,
      }),
    ]);
    expect(await notifiedAt(id)).toBeInstanceOf(Date);
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it('is written to in its language', async () => {
    const owner = await ownerWith('each', 'es');
    await recordAndNotify(owner.id, owner.vcardId);
    const mail = await t.mail.waitFor((received) => received.to.includes(owner.email));
    expect(mail.subject).toBe('Nuevo contacto en tu tarjeta Ada Lovelace');
    expect(mail.body).toContain('Abrir tus contactos');
  });

  it('answers to the visitor: Reply-To their e-mail under their name, none when they gave no e-mail', async () => {
    const owner = await ownerWith('each');
    await recordAndNotify(owner.id, owner.vcardId, { name: 'José García', email: 'jose@example.com' });
    const mail = await t.mail.waitFor((received) => received.to.includes(owner.email));
    expect(mail.replyTo).toBe('José García <jose@example.com>');
    expect(handed.find((entry) => entry.message.to === owner.email)?.message.replyTo).toEqual({
      name: 'José García',
      address: 'jose@example.com',
    });

    const phoneOnly = await ownerWith('each');
    await recordAndNotify(phoneOnly.id, phoneOnly.vcardId, { email: null });
    const noEmail = await t.mail.waitFor((received) => received.to.includes(phoneOnly.email));
    expect(noEmail.replyTo).toBeUndefined();
  });

  it('cannot be given a header by line breaks in a stored name or e-mail', async () => {
    // the capture refuses them (singleLineText, z.email: tests/api/lead-capture.test.ts); this lead is
    // written straight into the table
    const owner = await ownerWith('each');
    await recordAndNotify(owner.id, owner.vcardId, {
      name: 'Eve\r\nBcc: spy@example.com',
      email: 'eve@example.com\r\nX-Injected: yes',
    });
    const mail = await t.mail.waitFor((received) => received.to.includes(owner.email));
    const headers = mail.body.split(/\r?\n\r?\n/)[0] ?? '';
    expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(mail.to).toEqual([owner.email]);
    expect(mail.replyTo).toContain('eve@example.com');
  });

  it("of a team's card: its owner is told, at their sign-in address", async () => {
    const teamOwner = await createOwner(t.db, { name: 'Olga Owner' });
    const { teamId } = await addTeam(t.db, [{ userId: teamOwner.id, role: 'owner' }], { name: 'Leads Team' });
    const { vcardId, accountId } = await addTeamCard(t.db, teamId, { name: 'Team Card' });
    await recordAndNotify(accountId, vcardId, { card_name: 'Team Card' });
    const mail = await t.mail.waitFor((received) => received.to.includes(teamOwner.email));
    expect(mail.body).toContain('of your team Leads Team');
    expect(mail.subject).toContain('Team Card');
    // the link opens the team's leads page, where its owner and admins see them
    expect(mail.body).toContain(`${t.config.publicUrl}/dashboard/team/leads`);
  });
});

describe('an account that chose the daily digest', () => {
  it('is sent nothing at once; the daily run sends one e-mail with every lead and marks them; the next sends nothing', async () => {
    const owner = await ownerWith('digest');
    const ids = [
      await recordAndNotify(owner.id, owner.vcardId, { name: 'First Visitor' }),
      await recordAndNotify(owner.id, owner.vcardId, { name: 'Second Visitor' }),
    ];
    expect(handed.filter((entry) => entry.message.to === owner.email)).toEqual([]);
    expect(await notifiedAt(ids[0]!)).toBeNull();

    const run = await sendLeadDigests(deps);
    expect(run.failed).toEqual([]);
    const mail = await t.mail.waitFor((received) => received.to.includes(owner.email));
    expect(mail.subject).toBe('2 new contacts on your Tapcard cards');
    // of many visitors: a reply goes to none of them
    expect(mail.replyTo).toBeUndefined();
    expect(mail.body).toContain('First Visitor');
    expect(mail.body).toContain('Second Visitor');
    for (const id of ids) expect(await notifiedAt(id)).toBeInstanceOf(Date);

    await sendLeadDigests(deps);
    expect(handed.filter((entry) => entry.message.to === owner.email)).toHaveLength(1);
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it(`lists at most ${LEAD_DIGEST_LISTED} leads and counts the rest`, async () => {
    const owner = await ownerWith('digest');
    for (let index = 0; index < LEAD_DIGEST_LISTED + 2; index += 1) {
      const createdAt = new Date(Date.now() - (LEAD_DIGEST_LISTED + 2 - index) * 1000);
      await addLead(t.db, {
        userId: owner.id,
        vcardId: owner.vcardId,
        name: `Visitor ${index}`,
        created_at: createdAt,
      });
    }
    await sendLeadDigests(deps);
    const mail = await t.mail.waitFor((received) => received.to.includes(owner.email));
    expect(mail.subject).toBe(`${LEAD_DIGEST_LISTED + 2} new contacts on your Tapcard cards`);
    expect(mail.body).toContain('And 2 more');
    expect(mail.body).toContain(`Visitor ${LEAD_DIGEST_LISTED - 1}`);
    expect(mail.body).not.toContain(`Visitor ${LEAD_DIGEST_LISTED + 1}`);
    const left = await t.db
      .selectFrom('leads')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('notified_at', 'is', null)
      .execute();
    expect(left).toEqual([]);
  });

  it('whose leads were erased before the run is sent nothing', async () => {
    const owner = await ownerWith('digest');
    await recordAndNotify(owner.id, owner.vcardId);
    await t.db.deleteFrom('leads').where('user_id', '=', owner.id).execute();
    await sendLeadDigests(deps);
    expect(handed.filter((entry) => entry.message.to === owner.email)).toEqual([]);
  });
});
