import { useId, useRef, useState, type ReactElement } from 'react';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldPath } from 'react-hook-form';
import { VALIDATION_MESSAGES } from '#src/messages.ts';
import { WebhookFormSchema, type WebhookFormValues } from '#src/schemas/webhook.ts';
import type { AccountOwner } from '#src/teams.ts';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH } from '#src/webhooks.ts';
import { conflictRecord, type Versioned } from '../../components/conflict/edit-conflict.ts';
import type { ConflictField } from '../../components/conflict/field-diff.ts';
import { useEditVersions } from '../../components/conflict/use-edit-versions.tsx';
import { useVersionedHookForm } from '../../components/conflict/use-versioned-form.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import {
  trpcErrorMessage,
  trpcFailure,
  validationMessage,
  webhookTargetRefusal,
} from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc, type RouterOutputs } from '../../lib/trpc.ts';
import { EVENT_DESCRIPTIONS, EVENT_GROUPS } from './names.ts';

export type WebhookEndpoint = RouterOutputs['webhooks']['list'][number];

const EVENT_NAMES = Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, EVENT_DESCRIPTIONS[event]]));

/** Every field of the form, named as the form names it, for the comparison of two versions. */
const WEBHOOK_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'url', label: msg`URL` },
  { path: 'description', label: msg`Description` },
  { path: 'events', label: msg`Events`, kind: { names: EVENT_NAMES } },
];

/** A stored endpoint (as the list, or an edit_conflict refusal, has it) as a version of the form. */
function storedEndpointForm(
  endpoint: Pick<WebhookEndpoint, 'url' | 'description' | 'events' | 'version'>,
): Versioned<WebhookFormValues> {
  return {
    values: {
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      baseVersion: endpoint.version,
    },
    version: endpoint.version,
  };
}

const NEW_ENDPOINT: WebhookFormValues = { url: '', description: '', events: [] };

function EndpointForm({
  owner,
  endpoint,
  onDone,
}: {
  owner: AccountOwner;
  endpoint: WebhookEndpoint | null;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const runtime = useLinguiRuntime();
  const eventsLegend = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation();
  const update = trpc.webhooks.update.useMutation();
  const [initialValues] = useState(() => (endpoint ? storedEndpointForm(endpoint).values : NEW_ENDPOINT));
  const form = useZodForm(WebhookFormSchema, initialValues);
  const { errors, isSubmitting } = form.formState;
  const chosen = form.watch('events');
  const allChosen = chosen.length === WEBHOOK_EVENTS.length;

  function showFailure(error: unknown) {
    // the server's field errors (a URL it refuses) go on their fields, like the form's own checks
    const failure = trpcFailure(error);
    const fieldErrors = [...(failure?.fieldErrors ?? [])];
    // a URL leading to an address deliveries may not reach: said under the URL, and the toast names it
    const refusal = failure?.reason === 'webhook_target_refused' ? webhookTargetRefusal(failure.meta) : null;
    if (failure?.reason === 'webhook_target_refused') {
      fieldErrors.push({ path: 'url', message: VALIDATION_MESSAGES.webhookUrlRefused });
    }
    for (const { path, message } of fieldErrors) {
      form.setError(path as FieldPath<WebhookFormValues>, { message }, { shouldFocus: true });
    }
    toast({
      variant: 'destructive',
      title: endpoint ? t`The endpoint was not saved` : t`The endpoint was not added`,
      description: i18n._(
        refusal ?? (fieldErrors[0] ? validationMessage(fieldErrors[0].message) : trpcErrorMessage(error)),
      ),
    });
  }

  /** Saves the edit: answers whether it was kept, or the newer version that refused it. */
  async function send(values: WebhookFormValues) {
    if (!endpoint) return { saved: false };
    const { url, description, events, baseVersion = endpoint.version } = values;
    try {
      await update.mutateAsync({ owner, id: endpoint.id, url, description, events, baseVersion });
      return { saved: true };
    } catch (error) {
      const newer = conflictRecord<WebhookEndpoint>(error);
      if (newer) return { saved: false, conflict: storedEndpointForm(newer) };
      showFailure(error);
      return { saved: false };
    }
  }

  async function add(values: WebhookFormValues) {
    const { url, description, events } = values;
    try {
      await create.mutateAsync({ owner, url, description, events });
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  }

  const onSubmit = form.submit(async (values) => {
    const saved = endpoint ? (await versions.save(form.getValues(), send))?.saved : await add(values);
    if (!saved) return;
    toast({ title: endpoint ? t`Endpoint saved` : t`Endpoint added` });
    onDone();
    await utils.webhooks.list.invalidate();
  });

  const versions = useEditVersions(
    useVersionedHookForm(form, { resubmit: () => void onSubmit(), formRef }),
    endpoint ? storedEndpointForm(endpoint) : null,
    WEBHOOK_CONFLICT_FIELDS,
  );

  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  const checkbox = 'mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-strong';
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      {versions.notice}
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
      {versions.dialog}
    </form>
  );
}

/** "Add endpoint" (no `endpoint`) or the edit of one: URL, description and the events it receives. */
export function WebhookFormDialog({
  owner,
  endpoint,
  trigger,
}: {
  owner: AccountOwner;
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
          <EndpointForm owner={owner} endpoint={endpoint} onDone={() => setOpen(false)} />
        </FormDialog>
      )}
    </Dialog>
  );
}
