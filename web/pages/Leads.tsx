import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '#src/routes.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { LeadSettingsCard } from './leads/LeadSettingsForm.tsx';
import { LeadsSection } from './leads/LeadsSection.tsx';

/** How leads come in, for an account that has none yet. */
function HowLeadsComeIn() {
  return (
    <Trans>
      Leads are the contacts visitors share back on your card's page. Turn on “Share your contact back” in the{' '}
      <Link className="font-medium text-ink underline" to={paths.vcardEditor}>
        vCard editor
      </Link>
      : visitors then leave their name, email or phone, and each lead keeps a receipt of what they agreed to.
    </Trans>
  );
}

/** /dashboard/leads: the contacts visitors shared on the person's cards, with their receipts. */
export function Leads() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Leads`}
        description={
          <Trans>The contacts visitors shared with you on your cards, each with its consent receipt.</Trans>
        }
      />
      <LeadsSection title={<Trans>Your leads</Trans>} howLeadsComeIn={<HowLeadsComeIn />} />
      <LeadSettingsCard />
    </div>
  );
}
