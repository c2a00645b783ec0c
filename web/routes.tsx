import { createBrowserRouter } from 'react-router';
import { paths } from '#src/routes.ts';
import { CanonicalPath } from './components/CanonicalPath.tsx';
import { lazyScreen } from './components/lazy-screen.tsx';
import { Goodbye } from './pages/Goodbye.tsx';
import { Landing } from './pages/Landing.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { RouteError } from './pages/RouteError.tsx';

/**
 * What a lazy screen shows while its code loads on the first visit: nothing, as the server's HTML shell had
 * nothing there either (the landing page, the one prerendered screen, is not lazy). Named, so React
 * Router does not warn that it had none.
 */
function LoadingScreen() {
  return null;
}

// Every path comes from src/routes.ts, which the server also reads to tell app pages from 404s.
export const router = createBrowserRouter([
  {
    element: <CanonicalPath />,
    errorElement: <RouteError />,
    HydrateFallback: LoadingScreen,
    children: [
      { path: paths.home, element: <Landing /> },
      { path: paths.goodbye, element: <Goodbye /> },
      {
        path: paths.privacy,
        ...lazyScreen(() => import('./pages/Privacy.tsx').then((m) => ({ default: m.Privacy }))),
      },
      {
        path: paths.terms,
        ...lazyScreen(() => import('./pages/Terms.tsx').then((m) => ({ default: m.Terms }))),
      },
      {
        // the screens that call the API, under the tRPC client (not loaded by the landing page)
        ...lazyScreen(() =>
          import('./components/ApiProviders.tsx').then((m) => ({ default: m.ApiProviders })),
        ),
        children: [
          {
            path: paths.contact,
            ...lazyScreen(() => import('./pages/Contact.tsx').then((m) => ({ default: m.Contact }))),
          },
          {
            path: paths.login,
            ...lazyScreen(() => import('./pages/Login.tsx').then((m) => ({ default: m.Login }))),
          },
          {
            path: paths.auth,
            ...lazyScreen(() => import('./pages/Auth.tsx').then((m) => ({ default: m.Auth }))),
          },
          {
            path: paths.onboarding,
            ...lazyScreen(() => import('./pages/Onboarding.tsx').then((m) => ({ default: m.Onboarding }))),
          },
          {
            ...lazyScreen(() =>
              import('./components/RequireSession.tsx').then((m) => ({ default: m.RequireSession })),
            ),
            children: [
              {
                ...lazyScreen(() =>
                  import('./components/DashboardLayout.tsx').then((m) => ({ default: m.DashboardLayout })),
                ),
                children: [
                  {
                    path: paths.dashboard,
                    ...lazyScreen(() =>
                      import('./pages/Analytics.tsx').then((m) => ({ default: m.Analytics })),
                    ),
                  },
                  {
                    path: paths.qrCodes,
                    ...lazyScreen(() => import('./pages/QrCodes.tsx').then((m) => ({ default: m.QrCodes }))),
                  },
                  {
                    path: paths.vcards,
                    ...lazyScreen(() => import('./pages/VCards.tsx').then((m) => ({ default: m.VCards }))),
                  },
                  {
                    path: paths.billing,
                    ...lazyScreen(() => import('./pages/Billing.tsx').then((m) => ({ default: m.Billing }))),
                  },
                  {
                    path: paths.account,
                    ...lazyScreen(() => import('./pages/Account.tsx').then((m) => ({ default: m.Account }))),
                  },
                  {
                    path: paths.support,
                    ...lazyScreen(() => import('./pages/Support.tsx').then((m) => ({ default: m.Support }))),
                  },
                  {
                    path: paths.profile,
                    ...lazyScreen(() => import('./pages/Profile.tsx').then((m) => ({ default: m.Profile }))),
                  },
                  {
                    path: paths.vcardEditor,
                    ...lazyScreen(() =>
                      import('./pages/VCardEditor.tsx').then((m) => ({ default: m.VCardEditor })),
                    ),
                  },
                  {
                    path: paths.cardDesign,
                    ...lazyScreen(() =>
                      import('./pages/CardDesign.tsx').then((m) => ({ default: m.CardDesign })),
                    ),
                  },
                  {
                    path: paths.cardKit,
                    ...lazyScreen(() => import('./pages/CardKit.tsx').then((m) => ({ default: m.CardKit }))),
                  },
                  {
                    path: paths.links,
                    ...lazyScreen(() => import('./pages/Links.tsx').then((m) => ({ default: m.Links }))),
                  },
                  {
                    path: paths.team,
                    ...lazyScreen(() => import('./pages/Team.tsx').then((m) => ({ default: m.Team }))),
                  },
                  {
                    path: paths.apiKeys,
                    ...lazyScreen(() => import('./pages/ApiKeys.tsx').then((m) => ({ default: m.ApiKeys }))),
                  },
                  {
                    path: paths.webhooks,
                    ...lazyScreen(() =>
                      import('./pages/Webhooks.tsx').then((m) => ({ default: m.Webhooks })),
                    ),
                  },
                  {
                    path: paths.connections,
                    ...lazyScreen(() =>
                      import('./pages/Connections.tsx').then((m) => ({ default: m.Connections })),
                    ),
                  },
                  {
                    path: paths.leads,
                    ...lazyScreen(() => import('./pages/Leads.tsx').then((m) => ({ default: m.Leads }))),
                  },
                  {
                    path: paths.domains,
                    ...lazyScreen(() => import('./pages/Domains.tsx').then((m) => ({ default: m.Domains }))),
                  },
                  {
                    path: paths.teamAnalytics,
                    ...lazyScreen(() =>
                      import('./pages/TeamAnalytics.tsx').then((m) => ({ default: m.TeamAnalytics })),
                    ),
                  },
                  {
                    path: paths.teamLeads,
                    ...lazyScreen(() =>
                      import('./pages/TeamLeads.tsx').then((m) => ({ default: m.TeamLeads })),
                    ),
                  },
                  {
                    path: paths.teamCard,
                    ...lazyScreen(() =>
                      import('./pages/TeamCardEditor.tsx').then((m) => ({ default: m.TeamCardEditor })),
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
