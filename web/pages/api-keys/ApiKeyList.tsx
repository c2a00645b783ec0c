import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useConfirmedAction } from '../../components/ui/use-confirmed-action.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import type { ApiKeyOwner } from '#src/api-keys.ts';
import { SCOPE_NAMES } from './names.ts';

type ApiKey = RouterOutputs['apiKeys']['list'][number];

function RevokeDialog({ apiKey, owner }: { apiKey: ApiKey; owner: ApiKeyOwner }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.apiKeys.revoke.useMutation();
  const revoke = useConfirmedAction({
    run: () => mutateAsync({ owner, id: apiKey.id }),
    failureTitle: t`Failed to revoke the API key`,
    success: { title: t`API key revoked` },
    refresh: () => utils.apiKeys.list.invalidate(),
  });
  const name = apiKey.name;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="removal" size="sm">
          <Trash2 aria-hidden />
          <Trans>Revoke</Trans>
        </Button>
      }
      title={<Trans>Revoke this API key?</Trans>}
      description={
        <Trans>
          Programs using “{name}” are refused from now on. This cannot be undone: you would create a new key
          instead.
        </Trans>
      }
      confirmLabel={<Trans>Revoke key</Trans>}
      pendingLabel={<Trans>Revoking...</Trans>}
      onConfirm={revoke}
    />
  );
}

function ApiKeyRow({ apiKey, owner }: { apiKey: ApiKey; owner: ApiKeyOwner }) {
  const { i18n } = useLinguiRuntime();
  const created = formatDate(apiKey.createdAt, i18n.locale);
  const expires = apiKey.expiresAt ? formatDate(apiKey.expiresAt, i18n.locale) : null;
  const lastUsed = apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt, i18n.locale) : null;
  const scopes = apiKey.scopes.map((scope) => i18n._(SCOPE_NAMES[scope])).join(', ');
  return (
    <li className="flex items-start gap-3 py-3">
      <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-0.5 text-sm">
          <p className="font-medium break-words text-ink">{apiKey.name}</p>
          {apiKey.start && (
            <p className="font-mono text-slate-700">
              <span className="sr-only">
                <Trans>Starts with</Trans>{' '}
              </span>
              {apiKey.start}…
            </p>
          )}
          <p className="text-slate-700">
            <Trans>Scopes: {scopes}</Trans>
          </p>
          <p className="text-slate-700">
            <Trans>Created {created}</Trans>
            {' · '}
            {expires ? <Trans>Expires {expires}</Trans> : <Trans>Never expires</Trans>}
          </p>
          <p className="text-slate-700">
            {lastUsed ? <Trans>Last used {lastUsed}</Trans> : <Trans>Never used</Trans>}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <RevokeDialog apiKey={apiKey} owner={owner} />
        </div>
      </div>
    </li>
  );
}

/** The keys of a person's own account or of their team's (`owner`, which revoking names). */
export function ApiKeyList({ keys, owner }: { keys: readonly ApiKey[]; owner: ApiKeyOwner }) {
  if (keys.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        <Trans>No API keys yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200">
      {keys.map((apiKey) => (
        <ApiKeyRow key={apiKey.id} apiKey={apiKey} owner={owner} />
      ))}
    </ul>
  );
}
