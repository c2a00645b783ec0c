import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n.ts';
import {
  SUPPORT_RATE_LIMIT,
  type SupportMessageInput,
  type VisitorSupportMessageInput,
} from '../../src/schemas/support.ts';
import { can, planInEffect, type PlanId } from '../../src/plans.ts';
import { addressHashOfToday } from '../analytics/unique-visitors.ts';
import { PLAN_FACT_COLUMNS } from '../access/plan-gate.ts';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { supportConfirmation, supportRequest } from '../mail/templates.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';

// The contact form (docs/decisions/008-where-the-spec-is-silent.md: Support), signed in on /dashboard/support
// and for visitors on /contact: one way to store a message, limit senders and mail the team and the sender.

/** First keys of the advisory locks below; constants no other feature uses. */
const USER_LOCK_NAMESPACE = 7001;
const VISITOR_LOCK_NAMESPACE = 7011;

/**
 * Who writes: an account, or a visitor known by the hash of the client address the limit counts (the
 * address itself is not kept: addressHashOfToday).
 */
type Sender =
  | { kind: 'account'; userId: string; name: string; email: string; language: Locale; plan: PlanId }
  | { kind: 'visitor'; clientAddressHash: string; name: string; email: string; language: Locale };

const inWindow = sql<boolean>`created_at > now() - make_interval(mins => ${SUPPORT_RATE_LIMIT.windowMinutes})`;

function countInWindow(
  trx: Kysely<Database>,
  filter: (eb: ExpressionBuilder<Database, 'support_messages'>) => Expression<SqlBool>,
): Promise<number> {
  return trx
    .selectFrom('support_messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(inWindow)
    .where(filter)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/**
 * The sender's messages inside the rate limit's window, counted from the stored messages with the
 * database's clock, so every process sees the same limit: an account's own; for a visitor, the larger of
 * those from the same client address and those from the same e-mail address.
 */
async function sentInWindow(trx: Kysely<Database>, sender: Sender): Promise<number> {
  if (sender.kind === 'account') return countInWindow(trx, (eb) => eb('user_id', '=', sender.userId));
  const fromAddress = await countInWindow(trx, (eb) =>
    eb.and([eb('user_id', 'is', null), eb('client_address_hash', '=', sender.clientAddressHash)]),
  );
  const fromEmail = await countInWindow(trx, (eb) =>
    eb.and([eb('user_id', 'is', null), eb(eb.fn('lower', ['email']), '=', sender.email.toLowerCase())]),
  );
  return Math.max(fromAddress, fromEmail);
}

/**
 * Stores a message and queues two e-mails in the outbox (server/mail/outbox.ts), which sends them and
 * retries while the mail server is away: the message to SUPPORT_EMAIL (Reply-To: the sender) and a
 * confirmation to the sender in their language (a visitor's without a word they wrote: the form is no relay,
 * SupportConfirmationData). All or nothing: when the mails cannot be queued, the
 * stored row is removed again and the person can simply try again. Throws rate_limited
 * (SUPPORT_RATE_LIMIT).
 */
async function deliver(deps: AppDeps, sender: Sender, input: SupportMessageInput): Promise<{ id: string }> {
  const store = async (trx: Kysely<Database>) => {
    // One send per user, or one visitor send, at a time: two requests at once cannot both slip under the
    // limit below.
    const lock =
      sender.kind === 'account'
        ? sql`select pg_advisory_xact_lock(${sql.lit(USER_LOCK_NAMESPACE)}, hashtext(${sender.userId}))`
        : sql`select pg_advisory_xact_lock(${sql.lit(VISITOR_LOCK_NAMESPACE)}, 0)`;
    await lock.execute(trx);
    if ((await sentInWindow(trx, sender)) >= SUPPORT_RATE_LIMIT.messages) {
      throw new AppError('rate_limited', {
        limit: SUPPORT_RATE_LIMIT.messages,
        windowMinutes: SUPPORT_RATE_LIMIT.windowMinutes,
      });
    }
    const { id } = await trx
      .insertInto('support_messages')
      .values({
        user_id: sender.kind === 'account' ? sender.userId : null,
        client_address_hash: sender.kind === 'visitor' ? sender.clientAddressHash : null,
        name: sender.name,
        email: sender.email,
        subject: input.subject,
        message: input.message,
        sender_plan: sender.kind === 'account' ? sender.plan : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const id = await (deps.db.isTransaction ? store(deps.db) : deps.db.transaction().execute(store));

  const fromAccount = sender.kind === 'account';
  const plan = fromAccount ? sender.plan : null;
  try {
    // the team's copy first: if only the confirmation cannot be queued, the person's retry may give the
    // team a duplicate, which is better than a person told "sent" whose message never arrived
    await deps.mailer.send(
      {
        to: supportInboxOf(deps.config.mail, plan),
        replyTo: sender.email,
        ...(answersFirst(plan) ? { priority: 'high' as const } : {}),
        ...supportRequest(DEFAULT_LOCALE, {
          fromName: sender.name,
          fromEmail: sender.email,
          subject: input.subject,
          message: input.message,
          userId: fromAccount ? sender.userId : null,
          plan,
        }),
      },
      { kind: 'support_request', userId: fromAccount ? sender.userId : null },
    );
    await deps.mailer.send(
      {
        to: sender.email,
        // "reply to this e-mail to add something" reaches the team that has the message (a Business
        // sender's dedicated inbox), not MAIL_FROM's no-reply address
        replyTo: supportInboxOf(deps.config.mail, plan),
        ...supportConfirmation(
          sender.language,
          fromAccount ? { from: 'account', name: sender.name, subject: input.subject } : { from: 'visitor' },
        ),
      },
      { kind: 'support_confirmation', userId: fromAccount ? sender.userId : null },
    );
  } catch (error) {
    await deps.db.deleteFrom('support_messages').where('id', '=', id).execute();
    throw error;
  }
  return { id };
}

/** Pro and Business messages go first (prioritySupport, dedicatedSupport): marked and sent with high priority. */
function answersFirst(plan: PlanId | null): boolean {
  return plan !== null && can(plan, 'prioritySupport');
}

/** Where the team's copy goes: Business messages to SUPPORT_EMAIL_BUSINESS when it is set. */
function supportInboxOf(mail: Config['mail'], plan: PlanId | null): string {
  return plan !== null && can(plan, 'dedicatedSupport') && mail.supportEmailBusiness
    ? mail.supportEmailBusiness
    : mail.supportEmail;
}

/** support.send: the signed-in form, from the session's address, confirmed in the profile's language. */
export async function sendSupportMessage(
  ctx: ServiceContext,
  input: SupportMessageInput,
): Promise<{ id: string }> {
  const profile = await ctx.db
    .selectFrom('profiles')
    .innerJoin('account_plans', 'account_plans.id', 'profiles.id')
    .select(['profiles.name', 'profiles.language', ...PLAN_FACT_COLUMNS])
    .where('profiles.id', '=', ctx.user.id)
    .executeTakeFirst();
  return deliver(
    ctx,
    {
      kind: 'account',
      userId: ctx.user.id,
      name: profile?.name?.trim() || ctx.user.name,
      email: ctx.user.email,
      language: profile?.language ?? DEFAULT_LOCALE,
      plan: profile ? planInEffect(profile) : 'free',
    },
    input,
  );
}

/**
 * support.sendAsVisitor: the public form of /contact, limited per client address (and per sender
 * address). A filled honeypot gets the same answer as a sent message, and nothing is stored or sent.
 */
export async function sendVisitorMessage(
  deps: AppDeps,
  clientAddress: string,
  input: VisitorSupportMessageInput,
): Promise<Record<string, never>> {
  if (input.homepage !== '') return {};
  const { name, email, language, subject, message } = input;
  const clientAddressHash = await addressHashOfToday(deps.db, clientAddress);
  await deliver(deps, { kind: 'visitor', clientAddressHash, name, email, language }, { subject, message });
  return {};
}
