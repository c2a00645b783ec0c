import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database, LeadEventsTable, LinkEventsTable, ProfileViewsTable } from '../../db/schema.ts';
import {
  IMPORT_EVENT_ROWS_MAX,
  type AccountImportReport,
  type ImportRename,
} from '../../src/account-import.ts';
import { limitOf, type PausableKind } from '../../src/pauses.ts';
import { can, isUnlimited, type PlanId } from '../../src/plans.ts';
import { fullName } from '../../src/schemas/profile.ts';
import { chosenNameProblem, HELD_LINK_CODES_MAX, usernameChangeProblem } from '../../src/username.ts';
import type { ServiceContext } from '../lib/app-deps.ts';
import { hasVerifiedDomain } from '../domains/service.ts';
import { AppError } from '../lib/errors.ts';
import { holdChosenCode, isChosenCodeFree } from '../links/chosen-codes.ts';
import { unusedLinkCode } from '../lib/link-codes.ts';
import { emitLinkEvent } from '../links/events.ts';
import { LINK_COLUMNS } from '../links/present.ts';
import { keepPlansNewestLeads } from '../leads/service.ts';
import { insertVcard, readVcard } from '../vcards/service.ts';
import { lockProfile } from '../access/plan-gate.ts';
import { newWebhookSecret } from '../webhooks/signing.ts';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX } from '../../src/webhooks.ts';
import type { ImportedCard, ImportedDocument, ImportedLink, ImportedWebhook } from './document-schema.ts';
import type { ImportedEvent } from './events.ts';

// Writing a read and checked account export (document-schema.ts) into the signed-in account, in one
// transaction under the profile lock: all of it or nothing. What the file holds is added to what the
// account has; the profile's fields the file sets replace the account's. Ids, codes and the username
// are kept where this server has them free; a chosen code or username another account holds is re-chosen
// or left out, and said (ImportRename), a random code is replaced, and counted. Cards and links beyond the plan's limits are kept, paused as after a
// downgrade (src/pauses.ts), never refused: an import recreates everything the file holds. Webhook
// endpoints come back with new secrets (the file has none), but not twice to one URL.

/** A stored photo of the import: the archive's path for it (/media/{key}) and the new one. */
export interface StoredImportPhoto {
  key: string;
  path: string;
}

export interface ImportContent {
  document: ImportedDocument;
  /** The photos, stored already, by the path account.json names them with. */
  photos: ReadonlyMap<string, StoredImportPhoto>;
  /** The statistics' rows, read as they are written, refused past `maxRows` (the plan's). */
  events: (maxRows: number) => AsyncIterable<ImportedEvent>;
}

/** How many rows one insert of leads or statistics writes. */
const ROWS_PER_INSERT = 1_000;

/** The tables the statistics' rows go to. */
const EVENT_TABLES = ['profile_views', 'link_events', 'lead_events'] as const;
type EventTable = (typeof EVENT_TABLES)[number];
type EventRow =
  | { table: 'profile_views'; values: Insertable<ProfileViewsTable> }
  | { table: 'link_events'; values: Insertable<LinkEventsTable> }
  | { table: 'lead_events'; values: Insertable<LeadEventsTable> };
/** The variants tried for a chosen code another account holds: menu-2 … menu-9. */
const CODE_VARIANTS = 8;

type Report = Omit<AccountImportReport, 'paused'>;

export async function writeImport(ctx: ServiceContext, content: ImportContent): Promise<AccountImportReport> {
  const userId = ctx.user.id;
  return ctx.db.transaction().execute(async (trx) => {
    const { plan } = await lockProfile(trx, userId);
    const writer = new ImportWriter(ctx, trx, plan, content);
    const report = await writer.write();
    return { ...report, paused: await pausedByPlan(trx, userId, plan) };
  });
}

/** The account's cards and links beyond its plan's limits: paused until it makes room or upgrades. */
export async function pausedByPlan(
  trx: Transaction<Database>,
  userId: string,
  plan: PlanId,
): Promise<number> {
  const counts = await trx
    .selectFrom('profiles')
    .select((eb) => [
      eb
        .selectFrom('vcards')
        .select(eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .as('card'),
      eb
        .selectFrom('links')
        .select(eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('kind', '=', 'qr')
        .where('vcard_id', 'is', null)
        .as('qrCode'),
      eb
        .selectFrom('links')
        .select(eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('kind', '=', 'profile')
        .as('profileLink'),
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const kinds: Record<PausableKind, string | null> = {
    vcard: counts.card,
    qrCode: counts.qrCode,
    profileLink: counts.profileLink,
  };
  let paused = 0;
  for (const [kind, count] of Object.entries(kinds) as [PausableKind, string | null][]) {
    const limit = limitOf(plan, kind);
    if (!isUnlimited(limit)) paused += Math.max(0, Number(count ?? 0) - limit);
  }
  return paused;
}

class ImportWriter {
  private readonly renamed: ImportRename[] = [];
  private recoded = 0;
  private readonly cardIds = new Map<string, string>();
  private readonly linkIds = new Map<string, string>();
  /** The chosen codes the account holds, counted on as the import adds some (HELD_LINK_CODES_MAX bounds them). */
  private heldCodes = 0;

  private readonly userId: string;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly trx: Transaction<Database>,
    private readonly plan: PlanId,
    private readonly content: ImportContent,
  ) {
    this.userId = ctx.user.id;
  }

  async write(): Promise<Report> {
    const { document, photos } = this.content;
    // first, so an account that cannot take them refuses the import before it writes anything
    await this.webhooksToAdd();
    await this.writeProfile();
    const { held } = await this.trx
      .selectFrom('link_codes')
      .select((eb) => eb.fn.countAll<string>().as('held'))
      .where('user_id', '=', this.userId)
      .executeTakeFirstOrThrow();
    this.heldCodes = Number(held);
    for (const card of document.cards) await this.writeCard(card);
    for (const link of document.links) await this.writeLink(link);
    await this.writePrimaryCard();
    await this.writeLeads();
    const leadsNotKept = await keepPlansNewestLeads(this.trx, this.userId, this.plan);
    const eventRows = await this.writeEvents();
    // last: the import's own cards and links are not events for endpoints it makes
    const webhooks = await this.writeWebhooks();
    return {
      cards: document.cards.length,
      qrCodes: document.links.filter((link) => link.kind === 'qr').length,
      profileLinks: document.links.filter((link) => link.kind === 'profile').length,
      leads: document.leads.length,
      leadsNotKept,
      photos: photos.size,
      events: eventRows,
      recoded: this.recoded,
      renamed: this.renamed,
      webhooks: webhooks.length,
      webhooksSkipped: document.webhooks.length - webhooks.length,
    };
  }

  /**
   * The file's webhook endpoints the account takes: not one whose URL it has an endpoint for already (an
   * export imported back would send every event twice); all of them within the endpoints an account may
   * hold (limit_reached otherwise). `locked`: counted under the account row's lock, as createWebhook counts
   * (not a FOR UPDATE, which would hold up every row written for the account meanwhile, by its foreign key).
   */
  private async webhooksToAdd(locked = false): Promise<ImportedWebhook[]> {
    const { webhooks } = this.content.document;
    if (webhooks.length === 0) return [];
    if (locked) {
      await this.trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', this.userId)
        .forNoKeyUpdate()
        .execute();
    }
    const existing = await this.trx
      .selectFrom('webhook_endpoints')
      .select('url')
      .where('user_id', '=', this.userId)
      .execute();
    const urls = new Set(existing.map(({ url }) => url));
    const added = webhooks.filter((endpoint) => !urls.has(endpoint.url));
    if (existing.length + added.length > WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX) {
      throw new AppError('limit_reached', { resource: 'webhooks', limit: WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX });
    }
    return added;
  }

  /**
   * The endpoints, each with a new secret: the file has none, so each receiver is given its new one. An
   * account without apiAccess keeps them and is sent nothing, as after its Business plan ended.
   */
  private async writeWebhooks(): Promise<ImportedWebhook[]> {
    // counted again under the lock, held from here to the commit only
    const webhooks = await this.webhooksToAdd(true);
    if (webhooks.length === 0) return webhooks;
    await this.trx
      .insertInto('webhook_endpoints')
      .values(
        webhooks.map((endpoint) => ({
          user_id: this.userId,
          url: endpoint.url,
          description: endpoint.description,
          events: endpoint.events,
          enabled: endpoint.enabled,
          disabled_at: endpoint.enabled ? null : new Date(),
          secret: newWebhookSecret(),
          created_at: endpoint.createdAt,
        })),
      )
      .execute();
    return webhooks;
  }

  /** The new path of a photo the file names; null for one the file does not hold. */
  private photoOf(path: string | null): string | null {
    return (path && this.content.photos.get(path)?.path) ?? null;
  }

  private async writeProfile(): Promise<void> {
    const { account } = this.content.document;
    const current = await this.trx
      .selectFrom('profiles')
      .select(['username', 'first_name', 'last_name'])
      .where('id', '=', this.userId)
      .executeTakeFirstOrThrow();
    const photo = this.photoOf(account.photo);
    const firstName = account.firstName ?? current.first_name;
    const lastName = account.lastName ?? current.last_name;
    await this.trx
      .updateTable('profiles')
      .set({
        first_name: firstName,
        last_name: lastName,
        ...(firstName ? { name: fullName({ firstName, lastName: lastName ?? '' }) } : {}),
        ...(photo ? { profile_pic: photo } : {}),
        ...(account.position ? { position: account.position } : {}),
        ...(account.company ? { company: account.company } : {}),
        ...(account.phone ? { phone: account.phone } : {}),
        theme_color: account.themeColour,
        language: account.language,
        lead_notification: account.leadNotification,
        lead_retention_days: account.leadRetentionDays,
        version: sql`version + 1`,
        updated_at: new Date(),
      })
      .where('id', '=', this.userId)
      .execute();
    if (account.username) await this.claimUsername(account.username.toLowerCase(), current.username);
  }

  /** The file's username, when this account may have it; else the one it has stays, and the import says so. */
  private async claimUsername(username: string, current: string | null): Promise<void> {
    if (username === current?.toLowerCase()) return;
    const refuse = (reason: ImportRename['reason']) => {
      this.renamed.push({ kind: 'username', from: username, to: current, reason });
    };
    const problem = usernameChangeProblem(username, this.plan, current);
    if (problem) return refuse(chosenNameProblem(username) ? 'rules' : 'plan');
    const holder = await this.trx
      .selectFrom('usernames')
      .select('user_id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (holder && holder.user_id !== this.userId) return refuse('held');
    // the claim trigger records the name as the account's (table usernames)
    await this.trx.updateTable('profiles').set({ username }).where('id', '=', this.userId).execute();
  }

  /** The file's id when no row of `table` has it, else a new one. */
  private async freeId(table: 'vcards' | 'links', id: string): Promise<string> {
    const taken = await this.trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    return taken ? randomUUID() : id;
  }

  /** Whether a random code leads nowhere yet, as a link's code or, in any case, as a chosen one. */
  private async isFreeRandomCode(code: string): Promise<boolean> {
    const [link, chosen] = await Promise.all([
      this.trx.selectFrom('links').select('id').where('code', '=', code).executeTakeFirst(),
      this.trx
        .selectFrom('link_codes')
        .select('code')
        .where('code', '=', code.toLowerCase())
        .executeTakeFirst(),
    ]);
    return !link && !chosen;
  }

  /** The file's random code when it is free here, else a new one (and the import counts it). */
  private async randomCode(code: string): Promise<string> {
    if (await this.isFreeRandomCode(code)) return code;
    this.recoded += 1;
    return unusedLinkCode(this.trx);
  }

  private async writeCard(card: ImportedCard): Promise<void> {
    const id = await this.freeId('vcards', card.id);
    const { qrCode } = card;
    const identity = qrCode
      ? { id, qrCodeId: await this.freeId('links', qrCode.id), code: await this.randomCode(qrCode.code) }
      : { id };
    await insertVcard(
      this.trx,
      this.ctx.config.publicUrl,
      this.userId,
      { ...card.fields, photo: this.photoOf(card.photo) },
      { identity },
    );
    this.cardIds.set(card.id, id);
    const design = card.design && {
      ...card.design,
      coverImage: this.photoOf(card.design.coverImage),
      logo: this.photoOf(card.design.logo),
    };
    // a row's creation time is never updated by the app; an import gives back the one it had
    await sql`update vcards set design = ${design && JSON.stringify(design)}, created_at = ${card.createdAt},
      updated_at = ${card.updatedAt} where id = ${id}`.execute(this.trx);
    if (qrCode && identity.qrCodeId) {
      const { qr_design, scan_count, click_count, created_at } = this.linkState(qrCode);
      await sql`update links set qr_design = ${qr_design}, scan_count = ${scan_count},
        click_count = ${click_count}, created_at = ${created_at} where id = ${identity.qrCodeId}`.execute(
        this.trx,
      );
      this.linkIds.set(qrCode.id, identity.qrCodeId);
    }
    // integrations hear of an imported card as of one made in the dashboard
    await this.ctx.webhooks.emit(this.trx, this.userId, 'card.created', () =>
      readVcard(this.trx, this.userId, id),
    );
  }

  /** What a link keeps of the file beyond its title, address and codes. */
  private linkState(link: ImportedLink) {
    return {
      qr_design:
        link.qrDesign && JSON.stringify({ ...link.qrDesign, logo: this.photoOf(link.qrDesign.logo) }),
      scan_count: link.scans,
      click_count: link.clicks,
      created_at: link.createdAt,
    };
  }

  private async writeLink(link: ImportedLink): Promise<void> {
    const id = await this.freeId('links', link.id);
    // a custom domain of the file is kept when this account has verified it on a plan that has domains
    const domain =
      link.domain &&
      can(this.plan, 'customDomain') &&
      (await hasVerifiedDomain(this.trx, this.userId, link.domain))
        ? link.domain
        : null;
    const row = await this.trx
      .insertInto('links')
      .values({
        id,
        user_id: this.userId,
        kind: link.kind,
        code: await this.randomCode(link.code),
        title: link.title,
        url: link.url,
        icon: link.icon,
        domain,
        order_index: link.order,
        enabled: link.enabled,
        active_from: link.activeFrom,
        active_until: link.activeUntil,
        max_scans: link.maxScans,
        scans_used: link.scansUsed,
        fallback_url: link.fallbackUrl,
        rules: JSON.stringify(link.rules),
        ...this.linkState(link),
      })
      .returning(LINK_COLUMNS)
      .executeTakeFirstOrThrow();
    this.linkIds.set(link.id, id);
    const shown = await this.writeChosenCodes(id, link);
    await emitLinkEvent(this.ctx, this.trx, 'link.created', { ...row, chosen_code: shown });
  }

  /**
   * The link's chosen codes: each one this account may take is held by the link again; the one it is shown
   * with, when another account holds it, is re-chosen as the first free variant (menu-2…), the others are
   * left out; on a plan without customLinks none is taken. Every code not kept is said. Returns the code
   * the link is shown with, if any.
   */
  private async writeChosenCodes(linkId: string, link: ImportedLink): Promise<string | null> {
    const codes = [...new Set([...link.chosenCodes, ...(link.chosenCode ? [link.chosenCode] : [])])];
    let shown: string | null = null;
    for (const code of codes) {
      const isShown = code === link.chosenCode;
      const verdict = await this.codeVerdict(code);
      if (verdict === null) {
        await this.holdCode(linkId, code);
        if (isShown) shown = code;
        continue;
      }
      const variant = isShown && verdict === 'held' ? await this.freeVariant(code) : null;
      if (variant) {
        await this.holdCode(linkId, variant);
        shown = variant;
      }
      this.renamed.push({ kind: 'code', from: code, to: variant, reason: verdict });
    }
    if (shown) {
      await this.trx.updateTable('links').set({ chosen_code: shown }).where('id', '=', linkId).execute();
    }
    return shown;
  }

  /** Why this account may not hold a chosen code now; null: it may. */
  private async codeVerdict(code: string): Promise<ImportRename['reason'] | null> {
    if (!can(this.plan, 'customLinks') || this.heldCodes >= HELD_LINK_CODES_MAX) return 'plan';
    if (chosenNameProblem(code)) return 'rules';
    return (await isChosenCodeFree(this.trx, this.userId, code)) ? null : 'held';
  }

  private async freeVariant(code: string): Promise<string | null> {
    for (let n = 2; n < 2 + CODE_VARIANTS; n++) {
      const variant = `${code}-${n}`;
      if ((await this.codeVerdict(variant)) === null) return variant;
    }
    return null;
  }

  /** Holds a free code (codeVerdict) for the link, and counts a code new to the account. */
  private async holdCode(linkId: string, code: string): Promise<void> {
    const hold = await holdChosenCode(this.trx, this.userId, linkId, code);
    // claimed by another account since codeVerdict
    if (hold === 'refused') throw new AppError('link_code_taken');
    if (hold === 'new') this.heldCodes += 1;
  }

  private async writePrimaryCard(): Promise<void> {
    const primary = this.content.document.account.primaryCardId;
    const id = primary && this.cardIds.get(primary);
    if (!id) return;
    await this.trx
      .updateTable('profiles')
      .set({ primary_vcard_id: id })
      .where('id', '=', this.userId)
      .execute();
  }

  private async writeLeads(): Promise<void> {
    const { leads } = this.content.document;
    const notifiedAt = new Date();
    await this.insertLeads(
      leads.map((lead) => ({
        user_id: this.userId,
        vcard_id: (lead.cardId && this.cardIds.get(lead.cardId)) ?? null,
        card_name: lead.cardName,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        company: lead.company,
        note: lead.note,
        fields_given: JSON.stringify(lead.fieldsGiven),
        consent_text: lead.consentText,
        consent_language: lead.consentLanguage,
        // told of when it was received: an import sends no e-mail for it
        notified_at: notifiedAt,
        created_at: lead.receivedAt,
      })),
    );
  }

  /**
   * The statistics' rows, on the cards and links they were of, written a batch per table at a time as
   * they are read; a link's row whose link is not in the file is left out. Returns the rows written.
   */
  private async writeEvents(): Promise<number> {
    const batches: { [T in EventTable]: Insertable<Database[T]>[] } = {
      profile_views: [],
      link_events: [],
      lead_events: [],
    };
    const write = async (table: EventTable) => {
      const rows = batches[table].splice(0);
      if (rows.length > 0) await this.trx.insertInto(table).values(rows).execute();
    };
    let written = 0;
    for await (const event of this.content.events(IMPORT_EVENT_ROWS_MAX[this.plan])) {
      const row = this.eventRow(event);
      if (!row) continue;
      written += 1;
      const batch = batches[row.table] as Insertable<Database[EventTable]>[];
      batch.push(row.values);
      if (batch.length >= ROWS_PER_INSERT) await write(row.table);
    }
    for (const table of EVENT_TABLES) await write(table);
    return written;
  }

  /** The table and row of one line of the statistics; null for a link's line whose link is not in the file. */
  private eventRow(event: ImportedEvent): EventRow | null {
    const cardOf = (id: string | null) => (id && this.cardIds.get(id)) ?? null;
    if (event.type === 'lead') {
      return {
        table: 'lead_events',
        values: { user_id: this.userId, vcard_id: cardOf(event.item_id), received_at: event.time_utc },
      };
    }
    const facts = {
      user_id: this.userId,
      device: event.device ?? 'unknown',
      browser: event.browser ?? 'unknown',
      referrer_host: event.referrer_host,
      country: event.country,
      utm_source: event.utm_source,
      utm_medium: event.utm_medium,
      utm_campaign: event.utm_campaign,
    };
    if (event.type === 'view') {
      return {
        table: 'profile_views',
        values: { ...facts, vcard_id: cardOf(event.item_id), views: event.count, viewed_at: event.time_utc },
      };
    }
    const linkId = event.item_id && this.linkIds.get(event.item_id);
    if (!linkId) return null;
    return {
      table: 'link_events',
      values: {
        ...facts,
        link_id: linkId,
        kind: event.type,
        outcome: event.outcome ?? 'destination',
        hits: event.count,
        occurred_at: event.time_utc,
      },
    };
  }

  private async insertLeads(rows: readonly Insertable<Database['leads']>[]): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await this.trx
        .insertInto('leads')
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
  }
}
