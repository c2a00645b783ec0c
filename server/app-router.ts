import { accountRouter } from './account/router.ts';
import { apiKeysRouter } from './api-keys/router.ts';
import { analyticsRouter } from './analytics/router.ts';
import { authRouter } from './auth/router.ts';
import { billingRouter } from './billing/router.ts';
import { designsRouter } from './designs/router.ts';
import { domainsRouter } from './domains/router.ts';
import { cardKitRouter } from './card-kit/router.ts';
import { companySignInRouter } from './company-sign-in/router.ts';
import { leadsRouter } from './leads/router.ts';
import { linksRouter } from './links/router.ts';
import { liveRouter } from './live/router.ts';
import { onboardingRouter } from './onboarding/router.ts';
import { passkeysRouter } from './passkeys/router.ts';
import { pausesRouter } from './pauses/router.ts';
import { profileRouter } from './profile/router.ts';
import { qrStudioRouter } from './qr-studio/router.ts';
import { supportRouter } from './support/router.ts';
import { teamsRouter } from './teams/router.ts';
import { vcardsRouter } from './vcards/router.ts';
import { walletRouter } from './wallet/router.ts';
import { webhooksRouter } from './webhooks/router.ts';
import { crmRouter } from './crm/router.ts';
import { router } from './trpc/init.ts';

// The app's router: every feature router, added here by hand (STYLE.md 3.2 #5). It imports every
// feature, so it sits above them; the ground they stand on (init, context) is server/trpc/.
export const appRouter = router({
  account: accountRouter,
  analytics: analyticsRouter,
  apiKeys: apiKeysRouter,
  auth: authRouter,
  billing: billingRouter,
  designs: designsRouter,
  domains: domainsRouter,
  cardKit: cardKitRouter,
  companySignIn: companySignInRouter,
  leads: leadsRouter,
  links: linksRouter,
  live: liveRouter,
  onboarding: onboardingRouter,
  passkeys: passkeysRouter,
  pauses: pausesRouter,
  profile: profileRouter,
  qrStudio: qrStudioRouter,
  support: supportRouter,
  teams: teamsRouter,
  vcards: vcardsRouter,
  wallet: walletRouter,
  webhooks: webhooksRouter,
  crm: crmRouter,
});

export type AppRouter = typeof appRouter;
