import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanySignInView } from '../../server/company-sign-in/service.ts';
import { COMPANY_SIGN_IN_REQUIRED, ssoProviderIdOf } from '../../src/company-sign-in.ts';
import { VALIDATION_MESSAGES as M } from '../../src/messages.ts';
import { fakeTxtRecords, uniqueDomain } from '../support/domains.ts';
import { createSignedInOwner, setPlan } from '../support/factories.ts';
import {
  buildTestApp,
  cookieFrom,
  injectFromApp,
  signUp,
  trpcData,
  trpcError,
  trpcMutate,
  trpcQuery,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from '../support/harness.ts';
import { SoftwareAuthenticator } from '../support/software-authenticator.ts';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { createTeam, inviteToTeam, joinTeam } from '../support/teams.ts';

// Company sign-in through OIDC (docs/decisions/028-company-sign-in.md), against a real provider (node
// oidc-provider) on loopback: the team's owner proves the e-mail domain with the TXT record custom domains
// use, saves the provider (its discovery read at save), and the domain's people sign in through it from
// /auth, each identity held by the provider's subject; the team can require it.

let t: TestApp;
let idp: TestOidcProvider;
const dns = fakeTxtRecords();
let owner: { cookie: string; userId: string; email: string };
let teamId: string;
const domain = uniqueDomain();
/** An origin nothing listens on, allowed like the provider's: an issuer that does not answer. */
const SILENT_ORIGIN = 'http://127.0.0.1:9';

const view = async (cookie: string) =>
  trpcData<CompanySignInView>(await trpcQuery(t.app, 'companySignIn.get', cookie));

/** Starts company sign-in as /auth does, for `email`; the app's answer, and its cookies. */
async function startSignIn(email: string) {
  const response = await injectFromApp(t.app, {
    method: 'POST',
    url: '/api/auth/sign-in/sso',
    payload: {
      email,
      callbackURL: '/dashboard',
      errorCallbackURL: '/auth',
      newUserCallbackURL: '/dashboard',
    },
  });
  return { response, cookie: cookieFrom(response) };
}

/** A whole sign-in: /auth, the provider's login page as `subject`, and back; the app's last answer. */
async function signInThroughCompany(email: string, subject: string) {
  const { response, cookie } = await startSignIn(email);
  expect(response.statusCode, response.body).toBe(200);
  const back = await signInAtProvider((response.json() as { url: string }).url, subject);
  expect(back.pathname).toBe(`/api/auth/sso/callback/${ssoProviderIdOf(teamId)}`);
  const answer = await injectFromApp(t.app, {
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  return { answer, location: new URL(answer.headers.location ?? '', 'http://localhost:3000') };
}

const authCall = (method: 'GET' | 'POST', path: string, payload?: object, cookie = '') =>
  injectFromApp(t.app, { method, url: `/api/auth${path}`, payload, headers: cookie ? { cookie } : {} });

/** A passkey added as the account page adds one (the password confirmed first). */
async function registerPasskey(cookie: string, authenticator: SoftwareAuthenticator) {
  await authCall('POST', '/passkey/confirm-password', { password: TEST_PASSWORD }, cookie);
  const options = await authCall('GET', '/passkey/generate-register-options', undefined, cookie);
  const registered = await authCall(
    'POST',
    '/passkey/verify-registration',
    { response: authenticator.register(options.json()), name: 'Laptop' },
    `${cookie}; ${cookieFrom(options)}`,
  );
  expect(registered.statusCode, registered.body).toBe(200);
}

const userByEmail = (email: string) =>
  t.db
    .selectFrom('users')
    .leftJoin('team_members', 'team_members.user_id', 'users.id')
    .select(['users.id', 'users.email_verified', 'team_members.team_id', 'team_members.role'])
    .where('users.email', '=', email)
    .executeTakeFirst();

beforeAll(async () => {
  idp = await startOidcProvider();
  t = await buildTestApp({ ssoPrivateOrigins: [idp.issuer, SILENT_ORIGIN] }, { resolveTxt: dns.resolveTxt });
  owner = await createSignedInOwner(t, { plan: 'business' });
  teamId = (await createTeam(t.app, owner.cookie, { name: 'Acme', slug: `acme-${Date.now()}` })).id;
  idp.allowClient([`${t.config.publicUrl}/api/auth/sso/callback/${ssoProviderIdOf(teamId)}`]);
});

afterAll(async () => {
  await t.close();
  await idp.close();
});

describe('the e-mail domain and the provider', () => {
  it('an unproved domain cannot take a provider or turn company sign-in on, and a TXT record proves it', async () => {
    const set = trpcData<CompanySignInView>(
      await trpcMutate(t.app, 'companySignIn.setDomain', owner.cookie, { domain }),
    );
    expect(set.domain).toMatchObject({ name: domain, verifiedAt: null });
    expect(set.domain?.recordName).toBe(`_tapcard-verify.${domain}`);

    const refusedProvider = await trpcMutate(t.app, 'companySignIn.saveOidc', owner.cookie, {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    });
    expect(trpcError(refusedProvider).data.reason).toBe('sso_domain_unverified');
    const refusedRequired = await trpcMutate(t.app, 'companySignIn.setRequired', owner.cookie, {
      required: true,
    });
    expect(trpcError(refusedRequired).data.reason).toBe('sso_domain_unverified');

    const missing = trpcData<CompanySignInView>(
      await trpcMutate(t.app, 'companySignIn.checkDomain', owner.cookie),
    );
    expect(missing.domain).toMatchObject({ verifiedAt: null, lastCheckError: 'record_missing' });

    dns.set(set.domain?.recordName ?? '', set.domain?.recordValue ?? '');
    const proved = trpcData<CompanySignInView>(
      await trpcMutate(t.app, 'companySignIn.checkDomain', owner.cookie),
    );
    expect(proved.domain?.verifiedAt).not.toBeNull();
    expect(proved.domain?.lastCheckError).toBeNull();
  });

  it('another team cannot take a domain already proved', async () => {
    const other = await createSignedInOwner(t, { plan: 'business' });
    await createTeam(t.app, other.cookie, { name: 'Copycat', slug: `copycat-${Date.now()}` });
    const refused = await trpcMutate(t.app, 'companySignIn.setDomain', other.cookie, { domain });
    expect(trpcError(refused).data.reason).toBe('sso_domain_taken');
  });

  it('an issuer that does not answer, or on a private address not allowed, is refused with why; nothing is saved', async () => {
    const silent = await trpcMutate(t.app, 'companySignIn.saveOidc', owner.cookie, {
      issuer: SILENT_ORIGIN,
      clientId: 'tapcard',
      clientSecret: 'secret',
    });
    expect(trpcError(silent).data.reason).toBe('sso_issuer_unusable');
    expect(trpcError(silent).data.meta).toMatchObject({ problem: 'unreachable' });
    expect(String(trpcError(silent).data.meta?.detail)).toContain('127.0.0.1:9');

    const internal = await trpcMutate(t.app, 'companySignIn.saveOidc', owner.cookie, {
      issuer: 'http://10.1.2.3',
      clientId: 'tapcard',
      clientSecret: 'secret',
    });
    expect(trpcError(internal).data.meta).toMatchObject({ problem: 'not_allowed' });

    const mismatch = await trpcMutate(t.app, 'companySignIn.saveOidc', owner.cookie, {
      issuer: `${idp.issuer}/other`,
      clientId: 'tapcard',
      clientSecret: 'secret',
    });
    expect(trpcError(mismatch).data.reason).toBe('sso_issuer_unusable');

    const noSecret = await trpcMutate(t.app, 'companySignIn.saveOidc', owner.cookie, {
      issuer: idp.issuer,
      clientId: 'tapcard',
    });
    expect(trpcError(noSecret).data.fieldErrors).toEqual([
      expect.objectContaining({ path: 'clientSecret', message: M.ssoClientSecretRequired }),
    ]);
    expect((await view(owner.cookie)).provider).toBeNull();
    expect(await t.db.selectFrom('sso_providers').select('id').execute()).toEqual([]);
  });

  it('a provider that answers is saved; its secret never comes back', async () => {
    const saved = await trpcMutate(t.app, 'companySignIn.saveOidc', owner.cookie, {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    });
    expect(trpcData<CompanySignInView>(saved).provider).toEqual({
      issuer: idp.issuer,
      clientId: idp.clientId,
    });
    expect(saved.body).not.toContain(idp.clientSecret);
    expect((await trpcQuery(t.app, 'companySignIn.get', owner.cookie)).body).not.toContain(idp.clientSecret);

    // saved again without a secret: the stored one is kept
    const again = await trpcMutate(t.app, 'companySignIn.saveOidc', owner.cookie, {
      issuer: idp.issuer,
      clientId: idp.clientId,
    });
    expect(again.statusCode).toBe(200);
  });

  it("is the owner's alone", async () => {
    const member = await signUp(t.app);
    const invitation = await inviteToTeam(t.app, owner.cookie, { email: member.email, role: 'admin' });
    await joinTeam(t.app, member.cookie, invitation.id);
    const refused = await trpcQuery(t.app, 'companySignIn.get', member.cookie);
    expect(trpcError(refused).data.reason).toBe('team_role_required');
  });
});

describe('signing in through the company', () => {
  it('a first sign-in makes the account, confirmed, in the team as a member; the next finds it by subject', async () => {
    const email = `ada@${domain}`;
    idp.setPerson({ subject: 'sub-ada', email, name: 'Ada Lovelace' });
    const first = await signInThroughCompany(email, 'sub-ada');
    expect(first.answer.statusCode).toBe(302);
    expect(first.location.pathname).toBe('/dashboard');
    const ada = await userByEmail(email);
    expect(ada).toMatchObject({ email_verified: true, team_id: teamId, role: 'member' });
    // a member's onboarding is done: their card is the team's
    expect(
      await t.db
        .selectFrom('profiles')
        .select(['name', 'plan_chosen', 'initialized'])
        .where('id', '=', ada?.id ?? '')
        .executeTakeFirst(),
    ).toEqual({ name: 'Ada Lovelace', plan_chosen: true, initialized: true });
    // the team's log says who joined, and how; and what the owner set up
    const log = await t.db
      .selectFrom('team_events')
      .select(['action', 'subject'])
      .where('team_id', '=', teamId)
      .where('action', 'in', ['sso_domain_set', 'sso_provider_saved', 'member_joined_by_sso'])
      .orderBy('created_at')
      .execute();
    expect(log).toEqual([
      { action: 'sso_domain_set', subject: domain },
      // saved, then saved again keeping its secret
      { action: 'sso_provider_saved', subject: idp.issuer },
      { action: 'sso_provider_saved', subject: idp.issuer },
      { action: 'member_joined_by_sso', subject: `Ada Lovelace <${email}>` },
    ]);

    const session = await injectFromApp(t.app, {
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookieFrom(first.answer) },
    });
    expect((session.json() as { user: { id: string } }).user.id).toBe(ada?.id);

    // the provider now gives another address for the same subject: still Ada's account, nobody new
    idp.setPerson({ subject: 'sub-ada', email: `ada.lovelace@${domain}`, name: 'Ada Lovelace' });
    const again = await signInThroughCompany(email, 'sub-ada');
    expect(again.location.pathname).toBe('/dashboard');
    expect(await userByEmail(`ada.lovelace@${domain}`)).toBeUndefined();
  });

  it('an account of the domain already in the team is linked on its first sign-in, and held by that subject', async () => {
    const email = `grace@${domain}`;
    const grace = await signUp(t.app, { email });
    const invitation = await inviteToTeam(t.app, owner.cookie, { email, role: 'member' });
    await joinTeam(t.app, grace.cookie, invitation.id);
    idp.setPerson({ subject: 'sub-grace', email, name: 'Grace Hopper' });
    const first = await signInThroughCompany(email, 'sub-grace');
    expect(first.location.pathname).toBe('/dashboard');
    const account = await t.db
      .selectFrom('accounts')
      .select(['user_id', 'account_id'])
      .where('provider_id', '=', ssoProviderIdOf(teamId))
      .where('user_id', '=', grace.userId)
      .execute();
    expect(account).toEqual([{ user_id: grace.userId, account_id: 'sub-grace' }]);

    // another subject with Grace's address is not Grace: the address alone names nobody
    idp.setPerson({ subject: 'sub-impostor', email, name: 'Grace Hopper' });
    const impostor = await signInThroughCompany(email, 'sub-impostor');
    expect(impostor.location.pathname).toBe('/auth');
    expect(impostor.location.searchParams.get('error')).toBe('sso_account_exists');
    expect(cookieFrom(impostor.answer)).not.toContain('session_token');
  });

  it('an address outside the proved domain is refused, and no account is made', async () => {
    const email = `mallory@${uniqueDomain()}`;
    idp.setPerson({ subject: 'sub-mallory', email, name: 'Mallory' });
    const refused = await signInThroughCompany(`someone@${domain}`, 'sub-mallory');
    expect(refused.location.searchParams.get('error')).toBe('sso_wrong_domain');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('an address whose domain no team signs in through is told so', async () => {
    const { response } = await startSignIn(`someone@${uniqueDomain()}`);
    expect(response.statusCode).toBe(404);
    expect((response.json() as { code: string }).code).toBe('SSO_NOT_AVAILABLE');
  });

  it("a team whose owner's plan no longer includes teams signs nobody in through its provider", async () => {
    const email = `ada@${domain}`;
    const { response, cookie } = await startSignIn(email);
    expect(response.statusCode).toBe(200);
    const back = await signInAtProvider((response.json() as { url: string }).url, 'sub-ada');
    await setPlan(t.db, owner.userId, 'pro');
    try {
      // the provider's answer, come back after the plan ended, is refused; and no new start is offered
      const answer = await injectFromApp(t.app, {
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/auth?error=sso_failed');
      expect(cookieFrom(answer)).not.toContain('session_token');
      expect(((await startSignIn(email)).response.json() as { code: string }).code).toBe('SSO_NOT_AVAILABLE');
    } finally {
      await setPlan(t.db, owner.userId, 'business');
    }
  });

  it("required: the domain's people cannot sign in or up with a password, nor with a passkey; others still can", async () => {
    const email = `linus@${domain}`;
    const linus = await signUp(t.app, { email });
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN);
    await registerPasskey(linus.cookie, authenticator);
    const on = await trpcMutate(t.app, 'companySignIn.setRequired', owner.cookie, { required: true });
    expect(trpcData<CompanySignInView>(on).required).toBe(true);

    const password = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(password.statusCode).toBe(403);
    expect((password.json() as { code: string }).code).toBe(COMPANY_SIGN_IN_REQUIRED);
    const signUpAttempt = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'New Person', email: `new@${domain}`, password: 'Correct-horse-42' },
    });
    expect((signUpAttempt.json() as { code: string }).code).toBe(COMPANY_SIGN_IN_REQUIRED);

    // a passkey makes no session either (any way in but the provider's answer)
    const options = await authCall('GET', '/passkey/generate-authenticate-options');
    const passkey = await authCall(
      'POST',
      '/passkey/verify-authentication',
      { response: authenticator.authenticate(options.json()) },
      cookieFrom(options),
    );
    expect(passkey.statusCode).toBe(403);
    expect((passkey.json() as { code: string }).code).toBe(COMPANY_SIGN_IN_REQUIRED);
    expect(cookieFrom(passkey)).not.toContain('session_token');

    // the owner's own address is of another domain
    const ownerSignIn = await injectFromApp(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: TEST_PASSWORD },
    });
    expect(ownerSignIn.statusCode).toBe(200);

    await trpcMutate(t.app, 'companySignIn.setRequired', owner.cookie, { required: false });
  });
});
