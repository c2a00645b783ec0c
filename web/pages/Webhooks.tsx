import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX } from '#src/webhooks.ts';
import { UpgradePrompt } from '../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../components/billing/use-plan-feature.ts';
import { PageHeading } from '../components/PageHeading.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { Button } from '../components/ui/Button.tsx';
import { trpc } from '../lib/trpc.ts';
import { WebhookFormDialog } from './webhooks/WebhookFormDialog.tsx';
import { WebhookList } from './webhooks/WebhookList.tsx';

/** The endpoints and, on Business (apiAccess), adding one; after the plan ended they are still listed. */
function Endpoints({ canSend }: { canSend: boolean }) {
  const endpoints = trpc.webhooks.list.useQuery();
  if (!canSend && !endpoints.data?.length) return null;
  const full = (endpoints.data?.length ?? 0) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX;
  const max = WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX;
  return (
    <SectionCard
      title={<Trans>Your endpoints</Trans>}
      description={
        <Trans>
          Each endpoint receives the events it chose as signed JSON requests. A failed delivery is tried again
          for a day; an endpoint failing for three days is disabled and you get an e-mail.
        </Trans>
      }
    >
      {canSend && (
        <div className="space-y-2">
          <WebhookFormDialog
            endpoint={null}
            trigger={
              <Button disabled={full}>
                <Plus aria-hidden />
                <Trans>Add endpoint</Trans>
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
        <WebhookList endpoints={endpoints.data} canSend={canSend} />
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
      {loaded && <Endpoints canSend={allowed} />}
    </div>
  );
}
