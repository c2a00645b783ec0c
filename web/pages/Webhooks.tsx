import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import type { AccountOwner } from '#src/teams.ts';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX } from '#src/webhooks.ts';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../components/billing/use-plan-feature.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { Button } from '../components/ui/Button.tsx';
import { trpc } from '../lib/trpc.ts';
import { useAdministeredTeam } from '../lib/use-administered-team.ts';
import { WebhookFormDialog } from './webhooks/WebhookFormDialog.tsx';
import { WebhookList } from './webhooks/WebhookList.tsx';

/**
 * The endpoints of `owner` and, when its plan allows (`canSend`: apiAccess), adding one; after the plan
 * ended they are still listed.
 */
function Endpoints({
  owner,
  canSend,
  title,
  description,
}: {
  owner: AccountOwner;
  canSend: boolean;
  title: ReactNode;
  description: ReactNode;
}) {
  const endpoints = trpc.webhooks.list.useQuery({ owner });
  if (!canSend && !endpoints.data?.length) return null;
  const full = (endpoints.data?.length ?? 0) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX;
  const max = WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX;
  return (
    <SectionCard title={title} description={description}>
      {canSend && (
        <div className="space-y-2">
          <WebhookFormDialog
            owner={owner}
            endpoint={null}
            trigger={
              <Button disabled={full}>
                <Plus aria-hidden />
                {owner === 'team' ? <Trans>Add team endpoint</Trans> : <Trans>Add endpoint</Trans>}
              </Button>
            }
          />
          {full && (
            <p className="text-sm text-slate-700">
              <Trans>
                You have {max} endpoints, the most an account can have. Delete one to add another.
              </Trans>
            </p>
          )}
        </div>
      )}
      {endpoints.isSuccess ? (
        <WebhookList owner={owner} endpoints={endpoints.data} canSend={canSend} />
      ) : (
        <QueryStatus error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      )}
    </SectionCard>
  );
}

/** /dashboard/webhooks: where this server sends the account's events, and how each delivery went. */
export function Webhooks() {
  const { t } = useLingui();
  const { allowed, loaded } = usePlanFeature('apiAccess');
  const adminOf = useAdministeredTeam();
  const teamName = adminOf?.name;
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Webhooks`}
        description={<Trans>Webhooks tell your own programs when something happens in your account.</Trans>}
      />
      <UpgradePrompt feature="apiAccess">
        <Trans>
          With webhooks your CRM or automation tools hear at once when a card or link changes or a QR code is
          scanned, in signed requests they can check.
        </Trans>
      </UpgradePrompt>
      {loaded && (
        <Endpoints
          owner="user"
          canSend={allowed}
          title={<Trans>Your endpoints</Trans>}
          description={
            <Trans>
              Each endpoint receives the events it chose as signed JSON requests. A failed delivery is tried
              again for a day; an endpoint failing for three days is disabled and you get an e-mail.
            </Trans>
          }
        />
      )}
      {/* the team's plan is its owner's: the server refuses what it does not include */}
      {adminOf && (
        <Endpoints
          owner="team"
          canSend
          title={<Trans>Team endpoints</Trans>}
          description={
            <Trans>
              Endpoints of the team {teamName}: they receive the events of the team's cards and of people
              joining the team, on the team's plan, and keep working when the admin who added them leaves. An
              endpoint failing for three days is disabled and the team's owner gets an e-mail.
            </Trans>
          }
        />
      )}
    </div>
  );
}
