import { randomBytes } from 'node:crypto';
import { paths } from '../../src/routes.ts';
import { startTxtDnsServer, type TxtDnsServer } from '../support/dns-server.ts';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { appOrigin, checkAndPhotograph, E2E_PASSWORD, expect, test, useLanguage } from './support.ts';
import { businessTeam } from './team-support.ts';

// Company sign-in (docs/decisions/028-company-sign-in.md) in Chromium: a team's owner proves the team's
// e-mail domain on the team page (a DNS server of this file answers its TXT record: DNS_SERVERS in
// playwright.config.ts asks it first), saves a real OpenID Connect provider (node oidc-provider on
// E2E_OIDC_PORT, allowed by SSO_PRIVATE_ORIGINS) and requires it; a person of the domain then signs in from
// /auth through the provider's own login page and lands in the dashboard, in the team; a password is
// refused for the domain with the translated reason. Both languages, axe, phone and desktop.

const TEXTS = {
  en: {
    section: 'Single sign-on',
    domainField: "Your company's email domain",
    saveDomain: 'Save domain',
    checkNow: 'Check now',
    proved: 'is proved.',
    issuer: 'Issuer',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    saveProvider: 'Save provider',
    providerSaved: 'Sign-in provider saved',
    require: 'Require company sign-in for everyone at',
    required: 'Company sign-in is required',
    withCompany: 'Sign in with your company',
    workEmail: 'Work email',
    continue: 'Continue to your company',
    signIn: 'Sign In',
    requiredMessage:
      "Your company requires you to sign in through its own sign-in page. Choose 'Sign in with your company' and type your work email.",
    dashboard: 'Dashboard',
  },
  es: {
    section: 'Inicio de sesión único',
    domainField: 'Dominio de correo de tu empresa',
    saveDomain: 'Guardar dominio',
    checkNow: 'Comprobar ahora',
    proved: 'está demostrado.',
    issuer: 'Emisor',
    clientId: 'ID de cliente',
    clientSecret: 'Secreto de cliente',
    saveProvider: 'Guardar proveedor',
    providerSaved: 'Proveedor de inicio de sesión guardado',
    require: 'Exigir el inicio de sesión con la empresa a todos los de',
    required: 'El inicio de sesión con la empresa es obligatorio',
    withCompany: 'Iniciar sesión con tu empresa',
    workEmail: 'Correo del trabajo',
    continue: 'Continuar con tu empresa',
    signIn: 'Iniciar sesión',
    requiredMessage:
      'Tu empresa exige que inicies sesión en su propia página de inicio de sesión. Elige «Iniciar sesión con tu empresa» y escribe tu correo del trabajo.',
    dashboard: 'Panel',
  },
} as const;

let dns: TxtDnsServer;
let idp: TestOidcProvider;
const redirectUris: string[] = [];

// one DNS server and one provider on the run's ports answer this file's tests: one worker, in order
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  dns = await startTxtDnsServer(Number(process.env.E2E_SSO_DNS_PORT), { unknown: 'refused' });
  idp = await startOidcProvider({ port: Number(process.env.E2E_OIDC_PORT) });
});

test.afterAll(async () => {
  await dns?.close();
  await idp?.close();
});

for (const language of ['en', 'es'] as const) {
  const text = TEXTS[language];

  test(`${language}: an owner sets up company sign-in, and a person of the domain signs in through the provider's page`, async ({
    browser,
    extraHTTPHeaders,
  }, testInfo) => {
    test.slow();
    const { owner, team } = await businessTeam(browser, extraHTTPHeaders, { prefix: 'Acme', language });
    const page = owner.page;
    const domain = `acme-${randomBytes(4).toString('hex')}.example.org`;
    redirectUris.push(`${appOrigin()}/api/auth/sso/callback/team-${team.id}`);
    idp.allowClient(redirectUris);

    await page.goto(paths.team);
    const section = page.getByRole('region', { name: text.section });
    await section.getByLabel(text.domainField).fill(domain);
    await section.getByRole('button', { name: text.saveDomain }).click();
    const recordValue = section.locator('code', { hasText: 'tapcard-verify=' });
    await expect(recordValue).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await checkAndPhotograph(page, testInfo, `company-sign-in-domain-${language}`);

    dns.set(`_tapcard-verify.${domain}`, (await recordValue.textContent()) ?? '');
    await section.getByRole('button', { name: text.checkNow }).click();
    await expect(section.getByText(`${domain} ${text.proved}`)).toBeVisible();

    await section.getByLabel(text.issuer).fill(idp.issuer);
    await section.getByLabel(text.clientId).fill(idp.clientId);
    await section.getByLabel(text.clientSecret).fill(idp.clientSecret);
    await section.getByRole('button', { name: text.saveProvider }).click();
    await expect(page.getByText(text.providerSaved, { exact: true })).toBeVisible();
    await section.getByLabel(new RegExp(text.require)).check();
    await expect(page.getByText(text.required, { exact: true })).toBeVisible();
    await checkAndPhotograph(page, testInfo, `company-sign-in-ready-${language}`);

    // a person of the domain, signed out, in their own browser
    const email = `grace-${language}@${domain}`;
    idp.setPerson({ subject: `grace-${language}-${team.id}`, email, name: 'Grace Hopper' });
    const context = await browser.newContext({ baseURL: appOrigin(), extraHTTPHeaders });
    const person = await context.newPage();
    await useLanguage(person, language);
    await person.goto(paths.auth);

    // a password is refused for the domain, saying why
    await person.getByLabel(/^(Email|Correo electrónico)$/).fill(email);
    await person.getByLabel(/^(Password|Contraseña)$/).fill(E2E_PASSWORD);
    await person.getByRole('button', { name: text.signIn, exact: true }).click();
    await expect(person.getByText(text.requiredMessage, { exact: true })).toBeVisible();

    await person.getByRole('button', { name: text.withCompany }).click();
    await person.getByLabel(text.workEmail).fill(email);
    await checkAndPhotograph(person, testInfo, `company-sign-in-auth-${language}`);
    await person.getByRole('button', { name: text.continue }).click();

    // the provider's own login page (oidc-provider's)
    await expect(person).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await person.locator('input[name="login"]').fill(`grace-${language}-${team.id}`);
    await person.locator('input[name="password"]').fill('anything');
    await person.locator('button[type="submit"]').click();

    await expect(person).toHaveURL(new RegExp(`^${appOrigin()}${paths.dashboard}`));
    await expect(person.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });
}
