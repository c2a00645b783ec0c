import type { BetterAuthPlugin } from 'better-auth';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AUTH_ERROR_CODES } from '../../src/errors.ts';
import { PASSWORD_MAX_LENGTH } from '../../src/schemas/auth.ts';
import { PASSKEY_REMEMBER_ME_PARAM, PasskeyNameSchema } from '../../src/schemas/passkey.ts';
import type { Config } from '../config.ts';
import { passkeyRelyingParty } from './relying-party.ts';
import { hasPassword } from './service.ts';

/** How long a confirmed password lets the person start adding a passkey. */
const PASSWORD_CONFIRMATION_SECONDS = 5 * 60;

/** Per client address, as the other auth endpoints (server/auth/auth.ts). */
const RATE_LIMITS = [
  { path: '/passkey/confirm-password', window: 60, max: 10 },
  { path: '/passkey/verify-authentication', window: 60, max: 10 },
  // the sign-in screens ask for a challenge on every visit (passkey autofill)
  { path: '/passkey/generate-authenticate-options', window: 60, max: 30 },
  { path: '/passkey/generate-register-options', window: 60, max: 10 },
  { path: '/passkey/verify-registration', window: 60, max: 10 },
];

const confirmationIdentifier = (sessionId: string) => `passkey-password-confirmation:${sessionId}`;

/**
 * Passkeys through better-auth's passkey plugin (@better-auth/passkey, SimpleWebAuthn underneath), bound to
 * PUBLIC_URL's host and origin, with the rules the plugin leaves to us:
 * - Adding a passkey asks for fresh authentication, as the account page's other security changes do: the
 *   password, confirmed in the last minutes (`/passkey/confirm-password`); an account without a password
 *   (Google or Apple only) needs a session signed in within better-auth's fresh age instead.
 * - The authenticator must verify the person (PIN or biometrics) at registration and at sign-in. A passkey
 *   is then two factors in itself (something held, and something known or been), so a passkey sign-in
 *   does not also ask for the authenticator-app code of two-factor authentication.
 * - Names follow the shared schema (src/schemas/passkey.ts).
 * - A sign-in honours "Remember me" as the password's does (PASSKEY_REMEMBER_ME_PARAM).
 * - Listing, renaming and removing go through the passkeys service (tRPC), which keeps the last way to sign
 *   in: the plugin's own list, update and delete endpoints are not mounted.
 * Empty where PUBLIC_URL cannot have passkeys (relying-party.ts).
 */
export async function passkeyPlugins({
  db,
  config,
}: {
  db: Kysely<Database>;
  config: Config;
}): Promise<BetterAuthPlugin[]> {
  const relyingParty = passkeyRelyingParty(config.publicUrl);
  if (!relyingParty) return [];
  const [
    { passkey },
    {
      APIError,
      createAuthEndpoint,
      createAuthMiddleware,
      freshSessionMiddleware,
      getSessionFromCtx,
      sessionMiddleware,
    },
    { setSessionCookie },
  ] = await Promise.all([
    import('@better-auth/passkey'),
    import('better-auth/api'),
    import('better-auth/cookies'),
  ]);

  const userVerificationRequired = () =>
    new APIError('UNAUTHORIZED', {
      code: AUTH_ERROR_CODES.userVerificationRequired,
      message: 'The authenticator did not verify the user.',
    });

  const webauthn = passkey({
    rpID: relyingParty.rpID,
    rpName: 'Tapcard',
    origin: relyingParty.origin,
    // discoverable credentials (sign-in without typing the address) that verify the person
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    // the session (and its freshness) is checked by the rules below, which also accept a confirmed password
    registration: {
      requireSession: false,
      afterVerification: ({ verification }) => {
        if (!verification.registrationInfo?.userVerified) throw userVerificationRequired();
        return Promise.resolve();
      },
    },
    authentication: {
      afterVerification: ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) throw userVerificationRequired();
        return Promise.resolve();
      },
    },
    schema: {
      passkey: {
        modelName: 'passkeys',
        fields: {
          userId: 'user_id',
          publicKey: 'public_key',
          credentialID: 'credential_id',
          deviceType: 'device_type',
          backedUp: 'backed_up',
          createdAt: 'created_at',
        },
      },
    },
  });
  const ceremonies = {
    generatePasskeyRegistrationOptions: webauthn.endpoints.generatePasskeyRegistrationOptions,
    verifyPasskeyRegistration: webauthn.endpoints.verifyPasskeyRegistration,
    generatePasskeyAuthenticationOptions: webauthn.endpoints.generatePasskeyAuthenticationOptions,
    verifyPasskeyAuthentication: webauthn.endpoints.verifyPasskeyAuthentication,
  };

  const confirmPassword = createAuthEndpoint(
    '/passkey/confirm-password',
    {
      method: 'POST',
      body: z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) }),
      use: [sessionMiddleware],
    },
    async (ctx) => {
      const { session, user } = ctx.context.session;
      const accounts = await ctx.context.internalAdapter.findAccounts(user.id);
      const hash = accounts.find((account) => account.providerId === 'credential')?.password;
      if (!hash || !(await ctx.context.password.verify({ hash, password: ctx.body.password }))) {
        throw new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: 'Invalid password' });
      }
      await ctx.context.internalAdapter.createVerificationValue({
        identifier: confirmationIdentifier(session.id),
        value: user.id,
        expiresAt: new Date(Date.now() + PASSWORD_CONFIRMATION_SECONDS * 1000),
      });
      return ctx.json({ status: true });
    },
  );

  const rules = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/passkey/generate-register-options' && ctx.path !== '/passkey/verify-registration') {
      return;
    }
    const session = await getSessionFromCtx(ctx);
    if (!session) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Unauthorized' });
    if (ctx.path === '/passkey/verify-registration') {
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      const name = PasskeyNameSchema.safeParse(body.name);
      if (!name.success) {
        // the message is a validation id of src/messages.ts; the client translates it
        throw new APIError('BAD_REQUEST', {
          code: AUTH_ERROR_CODES.validationFailed,
          message: name.error.issues[0]?.message ?? 'validation.invalid',
        });
      }
      return;
    }
    if (await hasPassword(db, session.user.id)) {
      const confirmation = await ctx.context.internalAdapter.findVerificationValue(
        confirmationIdentifier(session.session.id),
      );
      if (!confirmation || confirmation.value !== session.user.id || confirmation.expiresAt < new Date()) {
        throw new APIError('FORBIDDEN', {
          code: AUTH_ERROR_CODES.passwordConfirmationRequired,
          message: 'Confirm your password first.',
        });
      }
      return;
    }
    // no password to ask for: a sign-in within better-auth's fresh age (a day), as its own sensitive endpoints
    await freshSessionMiddleware(ctx);
  });

  // "Remember me" unticked (/auth) asks for the session a password sign-in gets without it: better-auth's
  // shorter one, in a cookie that ends with the browser. The plugin always makes the long one, so that
  // one is swapped for it right after the sign-in.
  const rememberChoice = createAuthMiddleware(async (ctx) => {
    const query = (ctx.query ?? {}) as Record<string, unknown>;
    const signedIn = ctx.context.newSession;
    if (query[PASSKEY_REMEMBER_ME_PARAM] !== 'false' || !signedIn) return;
    const session = await ctx.context.internalAdapter.createSession(signedIn.user.id, true);
    await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
    await setSessionCookie(ctx, { session, user: signedIn.user }, true);
    return ctx.json({ session, user: signedIn.user });
  });

  return [
    { ...webauthn, endpoints: ceremonies },
    {
      id: 'passkey-rules',
      endpoints: { confirmPassword },
      hooks: {
        before: [{ matcher: (ctx) => ctx.path?.startsWith('/passkey/') === true, handler: rules }],
        after: [{ matcher: (ctx) => ctx.path === '/passkey/verify-authentication', handler: rememberChoice }],
      },
      rateLimit: RATE_LIMITS.map(({ path, window, max }) => ({
        window,
        max,
        pathMatcher: (requestPath: string) => requestPath === path,
      })),
    },
  ];
}
