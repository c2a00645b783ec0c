import { Trans, useLingui } from '@lingui/react/macro';
import { BackHomeLink } from '../components/BackHomeLink.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';

/** spec section 2: any path the app does not know. */
export function NotFound() {
  const { t } = useLingui();
  return (
    <PublicPageLayout>
      <title>{t`Page not found · Tapcard`}</title>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
        <h1 className="text-6xl font-extrabold text-brand-strong">404</h1>
        <p className="text-xl font-semibold text-ink">
          <Trans>Oops! Page not found</Trans>
        </p>
        <p className="text-slate-700">
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </p>
        <BackHomeLink>
          <Trans>Return to Home</Trans>
        </BackHomeLink>
      </div>
    </PublicPageLayout>
  );
}
