import { Trans, useLingui } from '@lingui/react/macro';
import { API_KEY_RATE_LIMIT } from '#src/api-keys.ts';
import { serverPaths } from '#src/routes.ts';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../components/billing/use-plan-feature.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { trpc } from '../lib/trpc.ts';
import { useAdministeredTeam } from '../lib/use-administered-team.ts';
import { ApiKeyList } from './api-keys/ApiKeyList.tsx';
import { CreateApiKeyDialog } from './api-keys/CreateApiKeyDialog.tsx';

/**
 * The account's keys and, on Business (apiAccess), the way to make one; after the plan ended its keys are
 * still listed, to revoke.
 */
function Keys({ canCreate }: { canCreate: boolean }) {
  const keys = trpc.apiKeys.list.useQuery({ owner: 'user' });
  if (!canCreate && !keys.data?.length) return null;
  const { max, windowSeconds } = API_KEY_RATE_LIMIT;
  const base = serverPaths.apiV1;
  return (
    <SectionCard
      title={<Trans>Your API keys</Trans>}
      description={
        <Trans>
          Send a key as <code className="font-mono text-xs">Authorization: Bearer …</code> to {base}. Each key
          answers up to {max} requests every {windowSeconds} seconds.
        </Trans>
      }
    >
      {canCreate && <CreateApiKeyDialog owner="user" count={keys.data?.length ?? 0} />}
      {keys.isSuccess ? (
        <ApiKeyList owner="user" keys={keys.data} />
      ) : (
        <QueryStatus error={keys.error} onRetry={() => void keys.refetch()} />
      )}
    </SectionCard>
  );
}

/**
 * The team's keys, for its owner and admins: they act on the team's cards with the team's plan (its
 * owner's, checked by the server), and keep working when the admin who made them leaves.
 */
function TeamKeys({ teamName }: { teamName: string }) {
  const keys = trpc.apiKeys.list.useQuery({ owner: 'team' });
  return (
    <SectionCard
      title={<Trans>Team keys</Trans>}
      description={
        <Trans>
          Keys of the team {teamName}: they work with the team's cards on the team's plan, and keep working
          when the admin who made them leaves the team.
        </Trans>
      }
    >
      <CreateApiKeyDialog owner="team" count={keys.data?.length ?? 0} />
      {keys.isSuccess ? (
        <ApiKeyList owner="team" keys={keys.data} />
      ) : (
        <QueryStatus error={keys.error} onRetry={() => void keys.refetch()} />
      )}
    </SectionCard>
  );
}

/** /dashboard/api-keys: the keys a program uses to call this server's API for the account or its team. */
export function ApiKeys() {
  const { t } = useLingui();
  const { allowed, loaded } = usePlanFeature('apiAccess');
  const adminOf = useAdministeredTeam();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`API keys`}
        description={<Trans>Keys let your own programs read and change your account through the API.</Trans>}
      />
      <UpgradePrompt feature="apiAccess">
        <Trans>
          With API keys your CRM, scripts or automation tools work with your account: each key has a name,
          what it may do (read, write) and an expiry date, and you can revoke it at any time.
        </Trans>
      </UpgradePrompt>
      {loaded && <Keys canCreate={allowed} />}
      {adminOf && <TeamKeys teamName={adminOf.name} />}
    </div>
  );
}
