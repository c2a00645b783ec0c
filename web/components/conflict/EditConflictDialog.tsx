import { useId, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/Dialog.tsx';
import { suggestedChoices, type FieldDifference, type FieldKind, type Side } from './field-diff.ts';

/** What the person chose: all of theirs, all of the newer version, or field by field. */
export type ConflictResolution =
  { keep: 'mine' } | { keep: 'theirs' } | { keep: 'merge'; chosen: Record<string, Side> };

/**
 * 'save': a save was refused for a newer version, and the choice is saved at once (but the newer
 * version's, which is already saved). 'review': the person looks before saving; the choice goes into the
 * form.
 */
export type ConflictMode = 'save' | 'review';

interface EditConflictDialogProps {
  mode: ConflictMode;
  differences: readonly FieldDifference[];
  onResolve: (resolution: ConflictResolution) => void;
  /** Closed without a choice (Escape, the close button): the form stays as it is, unsaved. */
  onDismiss: () => void;
  /** Where focus goes on closing when what opened the dialog is gone (the form's Save button). */
  fallbackFocus: () => HTMLElement | null;
}

const YOURS = msg`Yours`;
const NEWER = msg`Newer version`;

/** A field's value as the comparison shows it. */
function FieldValue({ value, kind }: { value: unknown; kind: FieldKind | undefined }) {
  const { t, i18n } = useLingui();
  if (value === null || value === undefined || value === '') {
    return <em className="text-slate-600">{kind === 'photo' ? t`No photo` : t`(empty)`}</em>;
  }
  if (kind === 'photo' && typeof value === 'string') {
    return (
      <img src={value} alt={t`Photo`} className="size-12 rounded-lg border border-slate-200 object-cover" />
    );
  }
  if (kind === 'colour' && typeof value === 'string') {
    return (
      <span className="inline-flex items-center gap-2">
        <span
          aria-hidden
          className="size-5 rounded border border-slate-300"
          style={{ backgroundColor: value }}
        />
        <span className="font-mono">{value}</span>
      </span>
    );
  }
  if (kind === 'percent' && typeof value === 'number') return <span>{Math.round(value * 100)}%</span>;
  if (typeof kind === 'object' && 'format' in kind) {
    return <span className="break-words whitespace-pre-wrap">{kind.format(value, i18n)}</span>;
  }
  // a choice's name; a yes-or-no (a checkbox) is named by 'true' and 'false'
  const choiceName = (choice: unknown, names: Readonly<Record<string, MessageDescriptor>>) => {
    const name: MessageDescriptor | undefined = names[String(choice)];
    return name ? i18n._(name) : String(choice);
  };
  if (
    typeof kind === 'object' &&
    'names' in kind &&
    (typeof value === 'string' || typeof value === 'boolean')
  ) {
    return <span>{choiceName(value, kind.names)}</span>;
  }
  // several choices (a group of checkboxes), each by its name
  if (typeof kind === 'object' && 'names' in kind && Array.isArray(value)) {
    return <span>{value.map((choice) => choiceName(choice, kind.names)).join(', ')}</span>;
  }
  return <span className="break-words whitespace-pre-wrap">{String(value)}</span>;
}

/** One differing field: its name, and the person's value and the newer one to choose from. */
function FieldChoice({
  difference,
  side,
  onChange,
}: {
  difference: FieldDifference;
  side: Side;
  onChange: (side: Side) => void;
}) {
  const { i18n } = useLingui();
  const name = useId();
  const { field } = difference;
  const label = typeof field.label === 'string' ? field.label : i18n._(field.label);
  const options = [
    { side: 'mine' as const, title: YOURS, value: difference.mine },
    { side: 'theirs' as const, title: NEWER, value: difference.theirs },
  ];
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-semibold text-ink">{label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.side}
            className={cn(
              'flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-strong',
              side === option.side ? 'border-brand-strong bg-brand-soft' : 'border-slate-300 bg-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.side}
              checked={side === option.side}
              onChange={() => onChange(option.side)}
              className="mt-0.5 size-4 shrink-0 accent-brand-strong"
            />
            <span className="min-w-0 space-y-1">
              <span className="block font-medium text-ink">{i18n._(option.title)}</span>
              <span className="block text-slate-800">
                <FieldValue value={option.value} kind={field.kind} />
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The choice after a newer version of what the person edits was saved elsewhere (another tab or device):
 * each field that differs, theirs beside the newer one, to keep all of theirs, take the newer version, or
 * merge field by field. A modal dialog: focus stays inside, and goes back where it was on closing.
 */
export function EditConflictDialog({
  mode,
  differences,
  onResolve,
  onDismiss,
  fallbackFocus,
}: EditConflictDialogProps) {
  const [chosen, setChosen] = useState(() => suggestedChoices(differences));
  const opener = useRef<Element | null>(null);
  const saves = mode === 'save';
  return (
    <Dialog open onOpenChange={(open) => !open && onDismiss()}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
        onOpenAutoFocus={() => {
          opener.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          // back to the opener (the Review button) while it is there; a refused save opened the dialog
          // from its Save button, which was busy then, and the notice's button goes with the notice
          const from = opener.current;
          if (
            from instanceof HTMLElement &&
            from !== document.body &&
            from.isConnected &&
            !from.matches(':disabled')
          )
            return;
          const target = fallbackFocus();
          if (!target || target.matches(':disabled')) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogTitle>
          <Trans>A newer version was saved</Trans>
        </DialogTitle>
        <DialogDescription>
          {saves ? (
            <Trans>
              While you were editing, a newer version was saved in another tab or on another device, so yours
              was not saved. Compare them and choose what to keep.
            </Trans>
          ) : (
            <Trans>
              While you were editing, a newer version was saved in another tab or on another device. Compare
              them and choose what to keep; then save.
            </Trans>
          )}
        </DialogDescription>
        <div className="mt-5 space-y-5">
          {differences.length === 0 ? (
            <p className="text-sm text-slate-700">
              <Trans>The newer version has the same values as yours.</Trans>
            </p>
          ) : (
            differences.map((difference) => (
              <FieldChoice
                key={difference.field.path}
                difference={difference}
                side={chosen[difference.field.path] ?? difference.suggested}
                onChange={(side) => setChosen((current) => ({ ...current, [difference.field.path]: side }))}
              />
            ))
          )}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="secondary" onClick={() => onResolve({ keep: 'theirs' })}>
            <Trans>Use the newer version</Trans>
          </Button>
          <Button variant="secondary" onClick={() => onResolve({ keep: 'mine' })}>
            {saves ? <Trans>Keep all mine and save</Trans> : <Trans>Keep all mine</Trans>}
          </Button>
          <Button onClick={() => onResolve({ keep: 'merge', chosen })}>
            {saves ? <Trans>Save these choices</Trans> : <Trans>Use these choices</Trans>}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
