import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DEFAULT_LOCALE } from '../../src/i18n.ts';
import { SUPPORT_RATE_LIMIT, type SupportMessageInput } from '../../src/schemas/support.ts';
import { AppError } from '../lib/errors.ts';
import { supportConfirmation, supportRequest } from '../mail/templates.ts';
import type { ServiceContext } from '../trpc/context.ts';

/** First key of the per-user advisory lock below; any constant no other feature uses. */
const SUPPORT_LOCK_NAMESPACE = 7001;

/**
 * Stores a support message, e-mails it to SUPPORT_EMAIL (Reply-To: the sender) and sends the sender a
 * confirmation in their profile language (DECISIONS.md: Support). All or nothing: when a mail cannot be
 * sent the stored row is removed again and the person can simply try again. The mails go out after the
 * row's transaction: a slow mail server must not hold a database transaction (on the embedded database
 * that would stall every request). Throws rate_limited (SUPPORT_RATE_LIMIT per user) and mail_unavailable.
 */
export async function sendSupportMessage(
  ctx: ServiceContext,
  input: SupportMessageInput,
): Promise<{ id: string }> {
  const store = async (trx: Kysely<Database>) => {
    // One send per user at a time: two requests at once cannot both slip under the limit below.
    await sql`select pg_advisory_xact_lock(${sql.lit(SUPPORT_LOCK_NAMESPACE)}, hashtext(${ctx.user.id}))`.execute(
      trx,
    );
    // counted from the stored messages with the database's clock, so every process sees the same limit
    const { count } = await trx
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', ctx.user.id)
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${SUPPORT_RATE_LIMIT.windowMinutes})`)
      .executeTakeFirstOrThrow();
    if (count >= SUPPORT_RATE_LIMIT.messages) {
      throw new AppError('rate_limited', {
        limit: SUPPORT_RATE_LIMIT.messages,
        windowMinutes: SUPPORT_RATE_LIMIT.windowMinutes,
      });
    }

    const profile = await trx
      .selectFrom('profiles')
      .select(['name', 'language'])
      .where('id', '=', ctx.user.id)
      .executeTakeFirst();
    const { id } = await trx
      .insertInto('support_messages')
      .values({ user_id: ctx.user.id, email: ctx.user.email, subject: input.subject, message: input.message })
      .returning('id')
      .executeTakeFirstOrThrow();

    return { id, profile };
  };
  const { id, profile } = await (ctx.db.isTransaction ? store(ctx.db) : ctx.db.transaction().execute(store));

  const name = profile?.name?.trim() || ctx.user.name;
  try {
    // the team's copy first: if only the confirmation fails, the retry may give the team a duplicate,
    // which is better than a person told "sent" whose message never arrived
    await ctx.mailer.send({
      to: ctx.config.mail.supportEmail,
      replyTo: ctx.user.email,
      ...supportRequest(DEFAULT_LOCALE, {
        fromName: name,
        fromEmail: ctx.user.email,
        subject: input.subject,
        message: input.message,
        userId: ctx.user.id,
      }),
    });
    await ctx.mailer.send({
      to: ctx.user.email,
      // "reply to this e-mail to add something" reaches the team, not MAIL_FROM's no-reply address
      replyTo: ctx.config.mail.supportEmail,
      ...supportConfirmation(profile?.language ?? DEFAULT_LOCALE, { name, subject: input.subject }),
    });
  } catch (error) {
    await ctx.db.deleteFrom('support_messages').where('id', '=', id).execute();
    throw error;
  }
  return { id };
}
