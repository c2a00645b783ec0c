import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CUSTOM_DOMAINS_PER_ACCOUNT_MAX } from '#src/domains.ts';
import type { AccountOwner } from '#src/teams.ts';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../components/billing/use-plan-feature.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { trpc } from '../lib/trpc.ts';
import { useAdministeredTeam } from '../lib/use-administered-team.ts';
import { AddDomainForm } from './domains/AddDomainForm.tsx';
import { DomainList } from './domains/DomainList.tsx';

/**
 * The domains of `owner` and, when its plan allows (`canAdd`: customDomain), adding one; after the plan
 * ended they are still listed, checked and removed.
 */
function DomainSection({
  owner,
  canAdd,
  title,
  description,
}: {
  owner: AccountOwner;
  canAdd: boolean;
  title: ReactNode;
  description: ReactNode;
}) {
  const domains = trpc.domains.list.useQuery({ owner });
  if (!canAdd && !domains.data?.length) return null;
  const full = (domains.data?.length ?? 0) >= CUSTOM_DOMAINS_PER_ACCOUNT_MAX;
  const max = CUSTOM_DOMAINS_PER_ACCOUNT_MAX;
  return (
    <SectionCard title={title} description={description}>
      {canAdd && (
        <div className="space-y-2">
          <AddDomainForm owner={owner} disabled={full} />
          {full && (
            <p className="text-sm text-slate-700">
              <Trans>You have {max} domains, the most an account can have. Remove one to add another.</Trans>
            </p>
          )}
        </div>
      )}
      {domains.isSuccess ? (
        <DomainList owner={owner} domains={domains.data} />
      ) : (
        <QueryStatus error={domains.error} onRetry={() => void domains.refetch()} />
      )}
    </SectionCard>
  );
}

/** /dashboard/domains: the account's own domains its cards and short links are served on. */
export function Domains() {
  const { t } = useLingui();
  const { allowed, loaded } = usePlanFeature('customDomain');
  const adminOf = useAdministeredTeam();
  const teamName = adminOf?.name;
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Domains`}
        description={<Trans>Serve your cards and short links on a domain of your own.</Trans>}
      />
      <UpgradePrompt feature="customDomain">
        <Trans>
          With a custom domain your card, its QR codes and your short links use your own address, such as
          cards.example.com.
        </Trans>
      </UpgradePrompt>
      {loaded && (
        <DomainSection
          owner="user"
          canAdd={allowed}
          title={<Trans>Your domains</Trans>}
          description={
            <Trans>
              Add a domain, then a TXT record at your DNS provider that proves it is yours. Once it is
              verified, the domain shows your main card. Point the domain at this server too (ask its operator
              how).
            </Trans>
          }
        />
      )}
      {/* the team's plan is its owner's: the server refuses what it does not include */}
      {adminOf && (
        <DomainSection
          owner="team"
          canAdd
          title={<Trans>Team domains</Trans>}
          description={
            <Trans>
              Domains of the team {teamName}: once verified, they show the team's directory of member cards,
              on the team's plan, and keep working when the admin who added them leaves.
            </Trans>
          }
        />
      )}
    </div>
  );
}
