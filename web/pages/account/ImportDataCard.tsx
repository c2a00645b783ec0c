import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { FileUp, Loader2, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import {
  ACCOUNT_IMPORT_MAX_BYTES,
  ACCOUNT_IMPORT_MAX_MB,
  type AccountImportReport,
  type ImportRename,
} from '#src/account-import.ts';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX } from '#src/webhooks.ts';
import { Notice } from '../../components/Notice.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { UserText } from '../../components/UserText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ProgressBar } from '../../components/ui/ProgressBar.tsx';
import { ERROR_REASON_TEXT, validationMessage, webhookTargetRefusal } from '../../lib/error-messages.ts';
import { formatMegabytes } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { ImportError, sendAccountImport } from './account-import.ts';

type ImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; sent: number; total: number }
  | { phase: 'importing' }
  | { phase: 'done'; report: AccountImportReport }
  | ({ phase: 'failed' } & Failure);

/** Why an import did not happen, for the person. */
interface Failure {
  title: MessageDescriptor;
  message: MessageDescriptor;
  /** Where in the file the refused value is (a CSV's row, an export's card or link), when the server said. */
  place?: MessageDescriptor;
}

/** The parts of an export whose entries a refusal names by number (`cards.1.email`: card 2). */
const EXPORT_PARTS: Record<string, (n: number) => MessageDescriptor> = {
  cards: (n) => msg`In card ${n} of the file:`,
  links: (n) => msg`In link ${n} of the file:`,
  leads: (n) => msg`In lead ${n} of the file:`,
  webhooks: (n) => msg`In webhook endpoint ${n} of the file:`,
};

/** Where a refused value is, from the refusal's `row` (a CSV) or dotted `field` (an export). */
function placeOf(meta: Record<string, unknown>): MessageDescriptor | undefined {
  if (typeof meta.row === 'number') {
    const row = meta.row;
    return msg`In row ${row} of the file:`;
  }
  const [part, index] = typeof meta.field === 'string' ? meta.field.split('.') : [];
  const place = part === undefined ? undefined : EXPORT_PARTS[part];
  if (place && index !== undefined && /^\d+$/.test(index)) return place(Number(index) + 1);
  if (part === 'account') return msg`In the profile of the file:`;
  return undefined;
}

const NOTHING_IMPORTED = msg`Nothing was imported`;
const ALREADY_IMPORTING = msg`An import into your account is already running, in another tab or window. Wait for it to finish, then try again.`;
const SENDING_INTERRUPTED = msg`The connection was lost while the file was being sent. Check your connection and try again.`;

/** A file over the import's limit, said with its size. */
function tooLarge(bytes: number, locale: string): Failure {
  const size = formatMegabytes(bytes, locale);
  const limitMb = ACCOUNT_IMPORT_MAX_MB;
  return {
    title: NOTHING_IMPORTED,
    message: msg`This file is ${size}: an import can take at most ${limitMb} MB.`,
  };
}

/** Why an import failed, for the person; null when they stopped it themselves. */
function failureOf(error: unknown, file: File, locale: string): Failure | null {
  if (!(error instanceof ImportError)) {
    return { title: NOTHING_IMPORTED, message: ERROR_REASON_TEXT.internal };
  }
  switch (error.reason) {
    case 'aborted':
      return null;
    case 'no_answer':
      // the whole file reached the server, which imports it even when the answer is lost on the way
      return {
        title: msg`The import may have finished`,
        message: msg`The file was sent, but the connection was lost before the server answered. Reload the page and check your cards and links before you import the file again.`,
      };
    case 'network':
      return { title: NOTHING_IMPORTED, message: SENDING_INTERRUPTED };
    case 'payload_too_large':
      return tooLarge(file.size, locale);
    case 'rate_limited':
      return { title: NOTHING_IMPORTED, message: ALREADY_IMPORTING };
    case 'webhook_target_refused':
      return {
        title: NOTHING_IMPORTED,
        message: webhookTargetRefusal(error.meta) ?? ERROR_REASON_TEXT.webhook_target_refused,
        place: placeOf(error.meta),
      };
    case 'limit_reached':
      if (error.meta.resource === 'webhooks') {
        const limit = WEBHOOK_ENDPOINTS_PER_ACCOUNT_MAX;
        return {
          title: NOTHING_IMPORTED,
          message: msg`With the file's webhook endpoints your account would have more than ${limit}, the most an account can have. Delete some of yours on the Webhooks page, then import the file again.`,
        };
      }
      return { title: NOTHING_IMPORTED, message: ERROR_REASON_TEXT.limit_reached };
    case 'validation_failed': {
      const place = placeOf(error.meta);
      const message = typeof error.meta.message === 'string' ? error.meta.message : undefined;
      return {
        title: NOTHING_IMPORTED,
        message: place ? validationMessage(message) : ERROR_REASON_TEXT.validation_failed,
        place,
      };
    }
    default:
      return { title: NOTHING_IMPORTED, message: ERROR_REASON_TEXT[error.reason] };
  }
}

/** A message with the values of its placeholders. */
function withValues(descriptor: MessageDescriptor, values: Record<string, unknown>): MessageDescriptor {
  return { ...descriptor, values: { ...descriptor.values, ...values } };
}

/** Why an address of the file was not given to this account. */
const ADDRESS_REFUSED: Record<ImportRename['kind'], Record<ImportRename['reason'], MessageDescriptor>> = {
  username: {
    held: msg({ message: 'The username “{from}” is held by another account here.' }),
    plan: msg({ message: 'The username “{from}” is not available on your plan.' }),
    rules: msg({ message: 'The username “{from}” cannot be used on this server.' }),
  },
  code: {
    held: msg({ message: 'The short link code “{from}” is held by another account here.' }),
    plan: msg({ message: 'The short link code “{from}” is not available on your plan.' }),
    rules: msg({ message: 'The short link code “{from}” cannot be used on this server.' }),
  },
};

/** What the account has instead of a refused address. */
function addressInstead({ kind, to }: ImportRename): MessageDescriptor {
  if (kind === 'username') {
    return to === null
      ? msg`Your username was not changed.`
      : msg({ message: 'You keep the username “{to}”.' });
  }
  return to === null
    ? msg`The link keeps its other code.`
    : msg({ message: "The link's code is now “{to}”." });
}

/** What an import added, in words, and the addresses it had to choose again. */
function ImportSummary({ report }: { report: AccountImportReport }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { cards, qrCodes, profileLinks, leads, leadsNotKept, photos, events, paused, recoded } = report;
  const { webhooks, webhooksSkipped } = report;
  const parts = [
    cards > 0 && t`${plural(cards, { one: '# card', other: '# cards' })}`,
    qrCodes > 0 && t`${plural(qrCodes, { one: '# QR code', other: '# QR codes' })}`,
    profileLinks > 0 && t`${plural(profileLinks, { one: '# profile link', other: '# profile links' })}`,
    leads > 0 && t`${plural(leads, { one: '# lead', other: '# leads' })}`,
    photos > 0 && t`${plural(photos, { one: '# photo', other: '# photos' })}`,
    events > 0 &&
      t`${plural(events, { one: '# entry in your statistics', other: '# entries in your statistics' })}`,
  ].filter((part) => part !== false);
  const added = new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
  return (
    <>
      <p>
        {parts.length > 0 ? (
          <Trans>Added to your account: {added}.</Trans>
        ) : (
          <Trans>The file had nothing to import.</Trans>
        )}
      </p>
      {paused > 0 && (
        <p>
          <Plural
            value={paused}
            one="# of your cards, QR codes and links is beyond your plan's limits, so it is paused. Upgrade your plan, or choose on its page what stays live."
            other="# of your cards, QR codes and links are beyond your plan's limits, so they are paused. Upgrade your plan, or choose on their pages what stays live."
          />
        </p>
      )}
      {leadsNotKept > 0 && (
        <p>
          <Plural
            value={leadsNotKept}
            one="# of your oldest leads was not kept: your plan keeps your newest leads only. Upgrade your plan to keep them all."
            other="# of your oldest leads were not kept: your plan keeps your newest leads only. Upgrade your plan to keep them all."
          />
        </p>
      )}
      {recoded > 0 && (
        <p>
          <Plural
            value={recoded}
            one="# QR code or link has a new short code: another account on this server has the code it had."
            other="# QR codes and links have new short codes: another account on this server has the codes they had."
          />
        </p>
      )}
      {webhooks > 0 && (
        <p>
          <Plural
            value={webhooks}
            one="# webhook endpoint was added with a new signing secret, since an export holds none: on the Webhooks page, copy it to its receiver, which cannot verify the requests until then."
            other="# webhook endpoints were added, each with a new signing secret, since an export holds none: on the Webhooks page, copy each one to its receiver, which cannot verify the requests until then."
          />
        </p>
      )}
      {webhooksSkipped > 0 && (
        <p>
          <Plural
            value={webhooksSkipped}
            one="# webhook endpoint of the file was not added: your account has one with the same URL."
            other="# webhook endpoints of the file were not added: your account has endpoints with the same URLs."
          />
        </p>
      )}
      {report.renamed.length > 0 && (
        <ul className="list-disc space-y-1 ps-5 break-words">
          {report.renamed.map((rename) => (
            <li key={`${rename.kind}:${rename.from}`}>
              {i18n._(withValues(ADDRESS_REFUSED[rename.kind][rename.reason], { from: rename.from }))}{' '}
              {i18n._(withValues(addressInstead(rename), { to: rename.to }))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The file on its way to the server, with a Cancel: until it is all sent, nothing is imported. */
function UploadProgress({
  sent,
  total,
  cancelRef,
  onCancel,
}: {
  sent: number;
  total: number;
  cancelRef: Ref<HTMLButtonElement>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const percent = total > 0 ? Math.round((sent / total) * 100) : 0;
  const sentSize = formatMegabytes(sent, locale);
  const fileSize = formatMegabytes(total, locale);
  return (
    <>
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-ink">
        <Loader2 aria-hidden className="size-4 motion-safe:animate-spin" />
        <Trans>
          Sending the file: {sentSize} of {fileSize}
        </Trans>
      </p>
      <ProgressBar label={t`Upload progress`} percent={percent} />
      <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
        <Trans>Cancel import</Trans>
      </Button>
    </>
  );
}

/**
 * Account settings: a Tapcard export (the ZIP of Export your data) or a CSV of links, imported into this
 * account, with the upload's progress and, once done, what was added.
 */
export function ImportDataCard() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const utils = trpc.useUtils();
  const fileInputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const uploading = state.phase === 'uploading';
  const busy = uploading || state.phase === 'importing';
  // leaving while the file is sent stops the upload, and nothing is imported
  useLeaveGuard(uploading);
  useEffect(() => () => running.current?.abort(), []);

  // the button that was pressed is gone: focus goes to what took its place
  const previousPhase = useRef(state.phase);
  useEffect(() => {
    const from = previousPhase.current;
    previousPhase.current = state.phase;
    if (from === state.phase) return;
    if (state.phase === 'uploading') cancelButton.current?.focus();
    else if (from === 'uploading' || from === 'importing') {
      (state.phase === 'idle' ? importButton : outcome).current?.focus();
    }
  }, [state.phase]);

  function choose(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    if (chosen && chosen.size > ACCOUNT_IMPORT_MAX_BYTES) {
      // emptied, so the picker shows no file that the Import button would not send
      input.value = '';
      setFile(null);
      setState({ phase: 'failed', ...tooLarge(chosen.size, locale) });
      return;
    }
    setFile(chosen ?? null);
    setState({ phase: 'idle' });
  }

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!file || busy) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'uploading', sent: 0, total: file.size });
    try {
      const report = await sendAccountImport(
        file,
        {
          onSent: (sent, total) => setState({ phase: 'uploading', sent, total }),
          onSentAll: () => setState({ phase: 'importing' }),
        },
        controller.signal,
      );
      setState({ phase: 'done', report });
      // the same file imported twice would add everything twice
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      toast({ title: t`Import complete` });
      // cards, links, QR codes, leads, statistics and maybe the username changed
      void utils.invalidate();
    } catch (error) {
      const failure = failureOf(error, file, locale);
      setState(failure ? { phase: 'failed', ...failure } : { phase: 'idle' });
    } finally {
      running.current = null;
    }
  }

  return (
    <SectionCard
      title={t`Import your data`}
      description={
        <Trans>
          Bring in a Tapcard export (the ZIP file that Export your data makes, on another Tapcard server or
          account), or a CSV file of links with a title and a URL column. What is imported is added to this
          account; the profile details of an export (name, photo, colour, language) replace yours.
        </Trans>
      }
    >
      <form onSubmit={(event) => void start(event)} className="space-y-4">
        <div className="space-y-2">
          <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3">
            {/* the input itself is hidden, since the browser would name its button in its own language */}
            <input
              ref={fileInput}
              id={fileInputId}
              type="file"
              accept=".zip,.csv,application/zip,text/csv"
              disabled={busy}
              aria-describedby={`${fileInputId}-chosen ${fileInputId}-hint`}
              className="peer sr-only"
              onChange={(event) => choose(event.currentTarget)}
            />
            <Button
              asChild
              variant="secondary"
              className="cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-strong peer-disabled:pointer-events-none peer-disabled:opacity-50"
            >
              <label htmlFor={fileInputId}>
                <FileUp aria-hidden />
                <Trans>Choose a file</Trans>
              </label>
            </Button>
            <p id={`${fileInputId}-chosen`} className="min-w-0 text-sm break-all text-slate-700">
              {file ? (
                <>
                  <UserText>{file.name}</UserText> ({formatMegabytes(file.size, locale)})
                </>
              ) : (
                <Trans>No file chosen</Trans>
              )}
            </p>
          </div>
          <p id={`${fileInputId}-hint`} className="text-xs text-slate-600">
            <Trans>A Tapcard export (.zip) or a CSV file of links, at most {ACCOUNT_IMPORT_MAX_MB} MB.</Trans>
          </p>
        </div>
        {!busy && (
          <Button ref={importButton} type="submit" disabled={!file}>
            <Upload aria-hidden />
            <Trans>Import</Trans>
          </Button>
        )}
      </form>
      <div ref={outcome} tabIndex={-1} className="space-y-3 outline-none empty:hidden">
        {state.phase === 'uploading' && (
          <UploadProgress
            sent={state.sent}
            total={state.total}
            cancelRef={cancelButton}
            onCancel={() => running.current?.abort()}
          />
        )}
        {state.phase === 'importing' && (
          <>
            <p role="status" className="flex items-center gap-2 text-sm font-medium text-ink">
              <Loader2 aria-hidden className="size-4 motion-safe:animate-spin" />
              <Trans>Importing… A large export can take a minute.</Trans>
            </p>
            {/* no value: the server does not say how far it is */}
            <div
              role="progressbar"
              aria-label={t`Import progress`}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full w-1/3 rounded-full bg-brand motion-safe:animate-pulse" />
            </div>
          </>
        )}
        {state.phase === 'done' && (
          <Notice tone="success" title={t`Import complete`}>
            <ImportSummary report={state.report} />
          </Notice>
        )}
        {state.phase === 'failed' && (
          <Notice title={i18n._(state.title)}>
            <p>
              {state.place && <>{i18n._(state.place)} </>}
              {i18n._(state.message)}
            </p>
          </Notice>
        )}
      </div>
    </SectionCard>
  );
}
