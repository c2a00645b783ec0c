import { useId, useState, type FormEvent } from 'react';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  CRM_LEAD_FIELDS,
  CRM_TARGETS_OF,
  defaultCrmMapping,
  SPLIT_NAME,
  type CrmFieldMapping,
  type CrmTarget,
} from '#src/crm.ts';
import type { LeadField } from '#src/schemas/lead.ts';
import type { AccountOwner } from '#src/teams.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { trpcErrorMessage, trpcFailure } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import type { CrmConnection } from './SyncList.tsx';

const FIELD_LABELS: Record<LeadField, MessageDescriptor> = {
  name: msg`Name`,
  email: msg`Email`,
  phone: msg`Phone`,
  company: msg`Company`,
  note: msg`Note`,
};

const TARGET_LABELS: Record<CrmTarget, MessageDescriptor> = {
  contact: msg`A contact`,
  lead: msg`A lead`,
};

const NOT_SENT = '';

const SELECT_CLASSES =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink aria-invalid:border-red-700';

/**
 * What a lead maps to in the CRM: the CRM field each of the lead's fields is written to (or none), and
 * the owner new records get. The choices are the CRM's own, read from it when the form opens; the server
 * asks the CRM again when it is saved.
 */
export function MappingForm({
  owner,
  connection,
  onDone,
}: {
  owner: AccountOwner;
  connection: CrmConnection;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const formId = useId();
  const utils = trpc.useUtils();
  const [target, setTarget] = useState<CrmTarget>(connection.mapping.target);
  // another target's choices load with the last ones still shown, so the form stays where it is
  const options = trpc.crm.options.useQuery(
    { owner, provider: connection.provider, target },
    { gcTime: 0, placeholderData: (previous) => previous },
  );
  const save = trpc.crm.saveMapping.useMutation();
  const [fields, setFields] = useState<CrmFieldMapping>(connection.mapping.fields);
  const targets = CRM_TARGETS_OF[connection.provider];
  const [ownerId, setOwnerId] = useState<string>(connection.mapping.ownerId ?? '');
  const [refused, setRefused] = useState<string | null>(null);

  if (!options.isSuccess) {
    return <QueryStatus error={options.error} onRetry={() => void options.refetch()} />;
  }
  const properties = options.data.properties;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefused(null);
    try {
      await save.mutateAsync({
        owner,
        provider: connection.provider,
        target,
        fields,
        ownerId: ownerId || null,
        baseVersion: connection.version,
      });
    } catch (error) {
      const failure = trpcFailure(error);
      if (failure?.reason === 'crm_field_unknown') setRefused(String(failure.meta?.field ?? ''));
      if (failure?.reason === 'edit_conflict') await utils.crm.list.invalidate();
      toast({
        variant: 'destructive',
        title: t`The mapping was not saved`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Mapping saved` });
    await utils.crm.list.invalidate();
    onDone();
  }

  return (
    <form id={formId} onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      {targets.length > 1 && (
        <div className="space-y-1">
          <label htmlFor={`${formId}-target`} className="text-sm font-medium text-ink">
            <Trans>Each lead becomes</Trans>
          </label>
          <select
            id={`${formId}-target`}
            className={SELECT_CLASSES}
            value={target}
            onChange={(event) => {
              const chosen = event.target.value as CrmTarget;
              setTarget(chosen);
              // each target has fields of its own: start from its standard ones
              setFields(defaultCrmMapping(connection.provider, chosen).fields);
            }}
          >
            {targets.map((option) => (
              <option key={option} value={option}>
                {i18n._(TARGET_LABELS[option])}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {CRM_LEAD_FIELDS.map((field) => {
          const id = `${formId}-${field}`;
          const value = fields[field] ?? NOT_SENT;
          const known =
            value === NOT_SENT || value === SPLIT_NAME || properties.some((p) => p.name === value);
          return (
            <div key={field} className="space-y-1">
              <label htmlFor={id} className="text-sm font-medium text-ink">
                {i18n._(FIELD_LABELS[field])}
              </label>
              <select
                id={id}
                className={SELECT_CLASSES}
                value={value}
                aria-invalid={refused === field || undefined}
                onChange={(event) => {
                  const chosen = event.target.value;
                  setFields((current) => {
                    const next = { ...current };
                    if (chosen === NOT_SENT) delete next[field];
                    else next[field] = chosen;
                    return next;
                  });
                }}
              >
                <option value={NOT_SENT}>{t`Not sent`}</option>
                {field === 'name' && <option value={SPLIT_NAME}>{t`First and last name`}</option>}
                {!known && <option value={value}>{value}</option>}
                {properties.map((property) => (
                  <option key={property.name} value={property.name}>
                    {property.label === property.name
                      ? property.name
                      : `${property.label} (${property.name})`}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        <div className="space-y-1">
          <label htmlFor={`${formId}-owner`} className="text-sm font-medium text-ink">
            <Trans>Owner of new records</Trans>
          </label>
          <select
            id={`${formId}-owner`}
            className={SELECT_CLASSES}
            value={ownerId}
            aria-invalid={refused === 'ownerId' || undefined}
            onChange={(event) => setOwnerId(event.target.value)}
          >
            <option value="">{t`The CRM's default`}</option>
            {options.data.owners.map((crmOwner) => (
              <option key={crmOwner.id} value={crmOwner.id}>
                {crmOwner.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        <Trans>
          A lead whose e-mail address the CRM knows completes that record: only fields that are empty there
          are written, so nothing a salesperson typed is replaced.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save mapping</Trans>}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
