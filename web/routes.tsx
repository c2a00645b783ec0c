import { createBrowserRouter } from 'react-router';
import { paths } from '#src/routes.ts';
import { DashboardLayout } from './components/DashboardLayout.tsx';
import { RequireSession } from './components/RequireSession.tsx';
import { Account } from './pages/Account.tsx';
import { Analytics } from './pages/Analytics.tsx';
import { Auth } from './pages/Auth.tsx';
import { Billing } from './pages/Billing.tsx';
import { Goodbye } from './pages/Goodbye.tsx';
import { Landing } from './pages/Landing.tsx';
import { Links } from './pages/Links.tsx';
import { Login } from './pages/Login.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { Onboarding } from './pages/Onboarding.tsx';
import { Privacy } from './pages/Privacy.tsx';
import { Profile } from './pages/Profile.tsx';
import { QrCodes } from './pages/QrCodes.tsx';
import { RouteError } from './pages/RouteError.tsx';
import { Support } from './pages/Support.tsx';
import { Terms } from './pages/Terms.tsx';
import { VCardEditor } from './pages/VCardEditor.tsx';
import { VCards } from './pages/VCards.tsx';

// Every path comes from src/routes.ts, which the server also reads to tell app pages from 404s.
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <Landing /> },
      { path: paths.login, element: <Login /> },
      { path: paths.auth, element: <Auth /> },
      { path: paths.onboarding, element: <Onboarding /> },
      { path: paths.goodbye, element: <Goodbye /> },
      { path: paths.privacy, element: <Privacy /> },
      { path: paths.terms, element: <Terms /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { path: paths.dashboard, element: <Analytics /> },
              { path: paths.qrCodes, element: <QrCodes /> },
              { path: paths.vcards, element: <VCards /> },
              { path: paths.billing, element: <Billing /> },
              { path: paths.account, element: <Account /> },
              { path: paths.support, element: <Support /> },
              { path: paths.profile, element: <Profile /> },
              { path: paths.vcardEditor, element: <VCardEditor /> },
              { path: paths.links, element: <Links /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
