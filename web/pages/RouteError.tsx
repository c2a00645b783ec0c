import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { BackHomeLink } from '../components/BackHomeLink.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';
import { Button } from '../components/ui/Button.tsx';

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/**
 * spec section 2: the router's fallback when a page throws, with 'Try again' (a reload) beside 'Back to home'.
 * Details are for developers, so only in dev.
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <PublicPageLayout>
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">
          <Trans>Unexpected Application Error!</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>Something went wrong on this page. Please try again, or go back to the home page.</Trans>
        </p>
        {import.meta.env.DEV && (
          <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">
            {describeError(error)}
          </pre>
        )}
        {/* a page whose code could not be fetched opens by itself (lazy-screen.tsx); this is the way out of anything else */}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>
            <Trans>Try again</Trans>
          </Button>
          <BackHomeLink />
        </div>
      </div>
    </PublicPageLayout>
  );
}
