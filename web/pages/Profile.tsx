import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { paths } from '#src/routes.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { Button } from '../components/ui/Button.tsx';
import { trpc } from '../lib/trpc.ts';
import { CardSubdomain } from './profile/CardSubdomain.tsx';
import { ProfileDetailsForm } from './profile/ProfileDetailsForm.tsx';

/** /dashboard/profile (spec section 2, "Other dashboard pages"): name, username, e-mail and picture. */
export function Profile() {
  const { t } = useLingui();
  const profile = trpc.profile.me.useQuery();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={paths.dashboard}>
          <ArrowLeft aria-hidden />
          <Trans>Back to dashboard</Trans>
        </Link>
      </Button>
      <PageHeading
        title={t`Profile`}
        description={<Trans>Edit your name, username and profile picture.</Trans>}
      />
      {profile.data ? (
        <>
          <ProfileDetailsForm profile={profile.data} />
          {profile.data.card_subdomain_url && <CardSubdomain url={profile.data.card_subdomain_url} />}
        </>
      ) : (
        <QueryStatus error={profile.error} onRetry={() => void profile.refetch()} />
      )}
    </div>
  );
}
