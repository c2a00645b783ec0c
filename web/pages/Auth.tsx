import { Trans, useLingui } from '@lingui/react/macro';
import { BackHomeLink } from '../components/BackHomeLink.tsx';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { PublicPageLayout } from '../components/PublicPageLayout.tsx';

export function Auth() {
  const { t } = useLingui();
  return (
    <PublicPageLayout>
      <div className="space-y-6">
        <PageHeading
          title={t`Sign In`}
          description={<Trans>Sign in, create an account or reset your password.</Trans>}
        />
        <ComingSoonBanner />
        <BackHomeLink />
      </div>
    </PublicPageLayout>
  );
}
