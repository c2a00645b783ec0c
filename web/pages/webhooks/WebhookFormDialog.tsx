import { useId, useState, type ReactElement } from 'react';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldPath } from 'react-hook-form';
import { CreateWebhookSchema, type CreateWebhookValues } from '#src/schemas/webhook.ts';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH } from '#src/webhooks.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { trpcErrorMessage, trpcFailure, validationMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { EVENT_DESCRIPTIONS, EVENT_GROUPS } from './names.ts';

export type WebhookEndpoint = RouterOutputs['webhooks']['list'][number];

function EndpointForm({ endpoint, onDone }: { endpoint: WebhookEndpoint | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const runtime = useLinguiRuntime();
  const eventsLegend = useId();
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation();
  const update = trpc.webhooks.update.useMutation();
  const defaults: CreateWebhookValues = {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    events: endpoint?.events ?? [],
  };
  const form = useZodForm(CreateWebhookSchema, defaults);
  const { errors, isSubmitting } = form.formState;
  const chosen = form.watch('events');
  const allChosen = chosen.length === WEBHOOK_EVENTS.length;

  const onSubmit = form.submit(async (input) => {
    try {
      if (endpoint) await update.mutateAsync({ id: endpoint.id, ...input });
      else await create.mutateAsync(input);
    } catch (error) {
      // the server's field errors (a URL it refuses) go on their fields, like the form's own checks
      const fieldErrors = trpcFailure(error)?.fieldErrors ?? [];
      for (const { path, message } of fieldErrors) {
        form.setError(path as FieldPath<CreateWebhookValues>, { message }, { shouldFocus: true });
      }
      toast({
        variant: 'destructive',
        title: endpoint ? t`The endpoint was not saved` : t`The endpoint was not added`,
        description: i18n._(
          fieldErrors[0] ? validationMessage(fieldErrors[0].message) : trpcErrorMessage(error),
        ),
      });
      return;
    }
    toast({ title: endpoint ? t`Endpoint saved` : t`Endpoint added` });
    onDone();
    await utils.webhooks.list.invalidate();
  });

  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  const checkbox = 'mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-strong';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        label={<Trans>URL</Trans>}
        hint={<Trans>Where the events are sent, with an HTTP POST request.</Trans>}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/webhooks/tapcard"
        required
        limit={{ max: WEBHOOK_URL_MAX_LENGTH, length: form.watch('url').length }}
        error={errors.url?.message}
        {...form.register('url')}
      />
      <TextField
        label={<Trans>Description</Trans>}
        hint={<Trans>Optional: what receives the events.</Trans>}
        autoComplete="off"
        limit={{ max: WEBHOOK_DESCRIPTION_MAX_LENGTH, length: (form.watch('description') ?? '').length }}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <fieldset className="space-y-3" aria-describedby={eventsError ? `${eventsLegend}-error` : undefined}>
        <legend id={eventsLegend} className="text-sm font-semibold text-ink">
          <Trans>Events</Trans>
        </legend>
        <label className="flex min-h-10 items-center gap-2 py-1 text-sm font-medium text-ink">
          <input
            type="checkbox"
            className={checkbox}
            checked={allChosen}
            onChange={() =>
              form.setValue('events', allChosen ? [] : [...WEBHOOK_EVENTS], {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
          />
          <Trans>All events</Trans>
        </label>
        {EVENT_GROUPS.map((group) => (
          <fieldset key={group.events[0]} className="space-y-1">
            <legend className="text-sm font-semibold text-slate-700">{runtime.i18n._(group.name)}</legend>
            {group.events.map((event) => (
              <label key={event} className="flex min-h-10 items-start gap-2 py-1 text-sm text-ink">
                <input type="checkbox" value={event} className={checkbox} {...form.register('events')} />
                <span className="min-w-0">
                  <span className="font-mono text-xs font-medium break-all">{event}</span>
                  <span className="block text-slate-700">{runtime.i18n._(EVENT_DESCRIPTIONS[event])}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
        {eventsError && (
          <p id={`${eventsLegend}-error`} className="text-sm text-red-700">
            {i18n._(validationMessage(eventsError))}
          </p>
        )}
      </fieldset>
      <FormActions
        submitLabel={endpoint ? <Trans>Save endpoint</Trans> : <Trans>Add endpoint</Trans>}
        busy={isSubmitting}
        busyLabel={<Trans>Saving...</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
    </form>
  );
}

/** "Add endpoint" (no `endpoint`) or the edit of one: URL, description and the events it receives. */
export function WebhookFormDialog({
  endpoint,
  trigger,
}: {
  endpoint: WebhookEndpoint | null;
  trigger: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      {open && (
        <FormDialog
          title={endpoint ? <Trans>Edit endpoint</Trans> : <Trans>Add an endpoint</Trans>}
          description={
            <Trans>
              Each request is signed with the endpoint's secret (Standard Webhooks), so the receiver can check
              it came from here.
            </Trans>
          }
          initialFocusField="url"
        >
          <EndpointForm endpoint={endpoint} onDone={() => setOpen(false)} />
        </FormDialog>
      )}
    </Dialog>
  );
}
