import type { Kysely } from 'kysely';
import { z, type ZodType } from 'zod';
import type { Database } from '../../db/schema.ts';
import { EMAIL_CHANGE_PARAM, type EmailChangeOutcome } from '../../src/email-links.ts';
import { AUTH_ERROR_CODES } from '../../src/errors.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { paths } from '../../src/routes.ts';
import { ChangeEmailSchema, EmailSchema, NameSchema, PasswordSchema } from '../../src/schemas/auth.ts';
import type { loadAuthModule } from './auth.ts';
import { claimTotpCode } from './totp-replay.ts';

// What the server adds to better-auth's endpoints before they run: the shared input rules (src/schemas),
// an authenticator code accepted once only, a new password that differs from the current one, and the
// truth about what an e-mailed link did, told only to whoever opened a link mailed to the account.

type AuthModules = Awaited<ReturnType<typeof loadAuthModule>>;
type AuthHookContext = Parameters<Parameters<AuthModules[1]['createAuthMiddleware']>[0]>[0];

export interface AuthHookDeps {
  db: Kysely<Database>;
  modules: AuthModules;
  /** How long the links of a change of address stay valid, in seconds. */
  emailChangeExpiresIn: number;
  /** Mails the approval of a change of address to the current address (as better-auth does). */
  sendEmailChangeApproval: (data: {
    user: { id: string; name: string; email: string };
    newEmail: string;
    url: string;
  }) => Promise<void>;
}

/** The app shows no account picture: a client cannot store one either. */
const NO_IMAGE = z.null({ error: M.invalid }).optional();

/** The shared rules (src/schemas/auth.ts) of every auth path that stores text or takes a new password. */
const BODY_RULES: Record<string, Record<string, ZodType>> = {
  '/sign-up/email': { name: NameSchema, email: EmailSchema, password: PasswordSchema, image: NO_IMAGE },
  '/update-user': { name: NameSchema.optional(), image: NO_IMAGE },
  '/change-email': ChangeEmailSchema.shape,
  '/reset-password': { newPassword: PasswordSchema },
  '/change-password': { newPassword: PasswordSchema },
};

/** better-auth's hooks.before: runs before every auth endpoint (server/auth/auth.ts). */
export function createBeforeHook(deps: AuthHookDeps) {
  const { APIError } = deps.modules[1];
  /** A refusal the client shows as the translated text of a validation id (src/messages.ts). */
  const invalid = (message: string) =>
    new APIError('BAD_REQUEST', { code: AUTH_ERROR_CODES.validationFailed, message });

  return async (ctx: AuthHookContext) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    for (const [field, schema] of Object.entries(BODY_RULES[ctx.path] ?? {})) {
      const result = schema.safeParse(body[field]);
      if (!result.success) throw invalid(result.error.issues[0]?.message ?? M.invalid);
    }
    switch (ctx.path) {
      case '/verify-email':
        return beforeVerifyEmail(ctx, deps);
      case '/change-email':
        return beforeChangeEmail(ctx, deps, body);
      case '/change-password':
        if (body.newPassword === body.currentPassword) throw invalid(M.passwordSameAsCurrent);
        return;
      case '/reset-password':
        if (await isCurrentPassword(ctx, body)) throw invalid(M.passwordSameAsCurrent);
        return;
      case '/two-factor/verify-totp':
        return beforeVerifyTotp(ctx, deps, body);
    }
  };
}

/** better-auth's hooks.after: runs after every auth endpoint (server/auth/auth.ts). */
export function createAfterHook(deps: AuthHookDeps) {
  return async (ctx: AuthHookContext) => {
    if (ctx.path === '/verify-email') return afterVerifyEmail(ctx, deps);
  };
}

const LinkPayloadSchema = z.object({
  email: z.string(),
  updateTo: z.string().optional(),
  requestType: z.string().optional(),
  userId: z.string().optional(),
});
type LinkPayload = z.infer<typeof LinkPayloadSchema>;

/**
 * The link of an e-mail (sign-up confirmation, or a step of a change of address), read only once its
 * signature and expiry are checked: a forged token gets better-auth's own answer, the same for every
 * address, and tells nothing about accounts.
 */
async function openedLink(ctx: AuthHookContext, deps: AuthHookDeps) {
  const query = (ctx.query ?? {}) as Record<string, unknown>;
  const callbackURL = typeof query.callbackURL === 'string' ? query.callbackURL : undefined;
  // a callback off this origin: better-auth's own origin check (trustedOrigins) refuses it
  const trusted =
    callbackURL !== undefined && ctx.context.isTrustedOrigin(callbackURL, { allowRelativePaths: true });
  const { verifyJWT } = deps.modules[3];
  const verified = typeof query.token === 'string' ? await verifyJWT(query.token, ctx.context.secret) : null;
  const payload = LinkPayloadSchema.safeParse(verified);
  return { callbackURL: trusted ? callbackURL : undefined, payload: payload.success ? payload.data : null };
}

/**
 * The change of address sends its links back to the account page. Its outcome goes there, or to the
 * sign-in page when the link was opened where nobody is signed in (another device, another browser).
 */
async function emailChangeLanding(ctx: AuthHookContext, deps: AuthHookDeps, outcome: EmailChangeOutcome) {
  const session = await deps.modules[1].getSessionFromCtx(ctx).catch(() => null);
  return `${session ? paths.account : paths.login}?${EMAIL_CHANGE_PARAM}=${outcome}`;
}

const isEmailChange = (callbackURL: string, payload: LinkPayload | null) =>
  payload
    ? payload.updateTo !== undefined
    : new URL(callbackURL, 'http://x.invalid').pathname === paths.account;

async function beforeVerifyEmail(ctx: AuthHookContext, deps: AuthHookDeps) {
  const { callbackURL, payload } = await openedLink(ctx, deps);
  if (callbackURL === undefined) return;
  if (!isEmailChange(callbackURL, payload)) {
    // better-auth sends a second click on a sign-up confirmation to the page without a word; the person
    // is told the link was already used instead (spec section 8, 'Link already used')
    if (payload && (await emailConfirmed(deps.db, payload.email))) {
      throw ctx.redirect(withQueryParam(callbackURL, 'error', AUTH_ERROR_CODES.linkAlreadyUsed));
    }
    return;
  }
  const outcome = await emailChangeProblem(ctx, deps, payload);
  if (outcome) throw ctx.redirect(await emailChangeLanding(ctx, deps, outcome));
  // the step is done by better-auth, and said by afterVerifyEmail
}

/** What stops a step of a change of address, if anything. */
async function emailChangeProblem(
  ctx: AuthHookContext,
  deps: AuthHookDeps,
  payload: LinkPayload | null,
): Promise<EmailChangeOutcome | null> {
  // expired, forged, or of an address the account no longer has (a link used before)
  if (!payload?.updateTo || !payload.userId || !(await hasEmail(deps.db, payload.userId, payload.email))) {
    return 'invalid';
  }
  const session = await deps.modules[1].getSessionFromCtx(ctx).catch(() => null);
  if (session && session.user.id !== payload.userId) return 'other_account';
  // The new address is taken (when asked, or since): said to whoever opened a link that was mailed to
  // this account. Nothing changes.
  if (await emailTaken(deps.db, payload.updateTo)) return 'taken';
  return null;
}

/** After better-auth did a step of a change of address: the landing says which one. */
async function afterVerifyEmail(ctx: AuthHookContext, deps: AuthHookDeps) {
  const returned = ctx.context.returned as { statusCode?: unknown } | undefined;
  if (returned?.statusCode !== 302) return;
  const { callbackURL, payload } = await openedLink(ctx, deps);
  if (callbackURL === undefined || !payload?.updateTo) return;
  const outcome: EmailChangeOutcome =
    payload.requestType === 'change-email-confirmation' ? 'approved' : 'changed';
  throw ctx.redirect(await emailChangeLanding(ctx, deps, outcome));
}

/**
 * A change to an address that belongs to another account. better-auth would answer "sent" and send
 * nothing; here the approval goes to the current address exactly as for a free address, so the answer
 * tells nobody whether the address is taken. Whoever opens the approval is told (beforeVerifyEmail).
 */
async function beforeChangeEmail(ctx: AuthHookContext, deps: AuthHookDeps, body: Record<string, unknown>) {
  const { getSessionFromCtx, createEmailVerificationToken } = deps.modules[1];
  const session = await getSessionFromCtx(ctx);
  const newEmail = String(body.newEmail).trim().toLowerCase();
  // no session, the same address, an unconfirmed account: better-auth answers those itself
  if (!session?.user.emailVerified || newEmail === session.user.email.toLowerCase()) return;
  if (!(await emailTaken(deps.db, newEmail))) return;
  const token = await createEmailVerificationToken(
    ctx.context.secret,
    session.user.email,
    newEmail,
    deps.emailChangeExpiresIn,
    { requestType: 'change-email-confirmation', userId: session.user.id },
  );
  // the callback was checked against trustedOrigins before this hook (better-auth's origin check)
  const callbackURL = typeof body.callbackURL === 'string' && body.callbackURL ? body.callbackURL : '/';
  const url = `${ctx.context.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`;
  await deps.sendEmailChangeApproval({ user: session.user, newEmail, url });
  return ctx.json({ status: true });
}

/** A reset to the password the account already has (checked only for a valid reset token). */
async function isCurrentPassword(ctx: AuthHookContext, body: Record<string, unknown>): Promise<boolean> {
  const query = (ctx.query ?? {}) as Record<string, unknown>;
  const token = body.token ?? query.token;
  if (typeof token !== 'string' || typeof body.newPassword !== 'string') return false;
  const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return false;
  const accounts = await ctx.context.internalAdapter.findAccounts(verification.value);
  const hash = accounts.find((account) => account.providerId === 'credential')?.password;
  return hash ? ctx.context.password.verify({ hash, password: body.newPassword }) : false;
}

/**
 * better-auth accepts a valid authenticator code any number of times within its window: once only here.
 * Whose code: the signed-in user (enrolment), or the person half-way through signing in, named by
 * better-auth's signed two_factor cookie.
 */
async function beforeVerifyTotp(ctx: AuthHookContext, deps: AuthHookDeps, body: Record<string, unknown>) {
  const { APIError, getSessionFromCtx } = deps.modules[1];
  const session = await getSessionFromCtx(ctx).catch(() => null);
  const pendingId = session
    ? null
    : await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
  const pending = pendingId ? await ctx.context.internalAdapter.findVerificationValue(pendingId) : null;
  const userId = session?.user.id ?? pending?.value;
  if (userId && !(await claimTotpCode(deps.db, userId, String(body.code ?? '')))) {
    throw new APIError('UNAUTHORIZED', {
      code: AUTH_ERROR_CODES.totpCodeAlreadyUsed,
      message: 'This code was already used. Wait for the next one.',
    });
  }
}

/** A trusted callback (a path of this app, or a URL on its origin) with one query parameter set. */
function withQueryParam(target: string, key: string, value: string): string {
  const url = new URL(target, 'http://callback.invalid');
  url.searchParams.set(key, value);
  return target.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

async function emailConfirmed(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('email_verified')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row?.email_verified === true;
}

/** True when any account has this address (addresses are unique whatever their case). */
async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

async function hasEmail(db: Kysely<Database>, userId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}
