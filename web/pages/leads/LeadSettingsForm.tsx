import { useState, type FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  LEAD_NOTIFICATIONS,
  LEAD_RETENTION_MAX_DAYS,
  LeadSettingsSchema,
  type LeadSettings,
} from '#src/schemas/lead.ts';
import { CheckboxField } from '../../components/form/CheckboxField.tsx';
import { OptionGroup } from '../../components/form/OptionGroup.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { trpcErrorMessage, validationMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLeadProcedures, useLeadScope } from './lead-scope.ts';

const NOTIFICATION_NAMES = {
  each: msg`An email for each lead`,
  digest: msg`One email a day`,
} as const;

/** The days a new choice of automatic deletion starts from. */
const SUGGESTED_RETENTION_DAYS = 365;

function SettingsForm({ stored }: { stored: LeadSettings }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const save = useLeadProcedures().updateSettings.useMutation({ meta: { silent: true } });
  const [notification, setNotification] = useState(stored.notification);
  const [deleting, setDeleting] = useState(stored.retentionDays !== null);
  const [days, setDays] = useState(String(stored.retentionDays ?? SUGGESTED_RETENTION_DAYS));
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = LeadSettingsSchema.safeParse({
      notification,
      retentionDays: deleting ? (days.trim() === '' ? Number.NaN : Number(days)) : null,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      toast({
        variant: 'destructive',
        title: t`Validation Error`,
        description: i18n._(validationMessage(message)),
      });
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(parsed.data);
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: t`Failed to save the settings`,
        description: i18n._(trpcErrorMessage(failure)),
      });
      return;
    }
    toast({ title: t`Settings saved` });
    await Promise.all([utils.leads.settings.invalidate(), utils.leads.team.settings.invalidate()]);
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <OptionGroup
        legend={<Trans>Tell me of new leads with</Trans>}
        name="lead-notification"
        options={LEAD_NOTIFICATIONS}
        names={NOTIFICATION_NAMES}
        value={notification}
        onChange={setNotification}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink">
          <Trans>Automatic deletion</Trans>
        </legend>
        <CheckboxField
          label={<Trans>Delete leads automatically after a number of days</Trans>}
          checked={deleting}
          onChange={(event) => setDeleting(event.target.checked)}
        />
        {deleting ? (
          <TextField
            label={<Trans>Days to keep each lead</Trans>}
            type="number"
            inputMode="numeric"
            min={1}
            max={LEAD_RETENTION_MAX_DAYS}
            value={days}
            error={error}
            onChange={(event) => setDays(event.target.value)}
            className="max-w-40"
          />
        ) : (
          <p className="text-sm text-slate-700">
            <Trans>Leads are kept until you erase them.</Trans>
          </p>
        )}
      </fieldset>
      <SubmitButton busy={save.isPending}>
        <Trans>Save settings</Trans>
      </SubmitButton>
    </form>
  );
}

/**
 * The account's choices: how it hears of new leads, and when they are deleted by themselves. A team's are
 * its owner's to make (they get its e-mails); a team without an account yet (no card) has none to show.
 */
export function LeadSettingsCard() {
  const team = useLeadScope() === 'team';
  const own = trpc.leads.settings.useQuery(undefined, { enabled: !team });
  const teams = trpc.leads.team.settings.useQuery(undefined, { enabled: team });
  const settings = team ? teams : own;
  if (settings.data === null) return null;
  return (
    <SectionCard
      title={<Trans>Lead settings</Trans>}
      description={
        team ? (
          <Trans>
            New leads of the team's cards are emailed to your sign-in address, as the team's owner. Deleted
            leads are gone for good, receipts included.
          </Trans>
        ) : (
          <Trans>
            New leads are emailed to your sign-in address. Deleted leads are gone for good, receipts included.
          </Trans>
        )
      }
    >
      {settings.isSuccess && settings.data ? (
        <SettingsForm stored={settings.data} />
      ) : (
        <QueryStatus error={settings.error} onRetry={() => void settings.refetch()} />
      )}
    </SectionCard>
  );
}
