import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { paths } from '#src/routes.ts';
import { ComingSoonBanner } from '../components/ComingSoonBanner.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { Button } from '../components/ui/Button.tsx';

export function Profile() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Profile`}
        description={<Trans>Edit your name, username and profile picture.</Trans>}
      />
      <ComingSoonBanner />
      <Button asChild variant="secondary">
        <Link to={paths.dashboard}>
          <ArrowLeft aria-hidden />
          <Trans>Back to dashboard</Trans>
        </Link>
      </Button>
    </div>
  );
}
