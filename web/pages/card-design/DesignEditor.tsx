import { useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  BUTTON_STYLES,
  CARD_LAYOUTS,
  COVER_KINDS,
  SaveCardDesignSchema,
  type CardDesignValues,
} from '#src/schemas/card-design.ts';
import { useAppliedColour } from '../../components/card/use-applied-colour.ts';
import { ColourPicker } from '../../components/card/ColourPicker.tsx';
import { PublicPagePreview } from '../../components/card/PublicPagePreview.tsx';
import { DraftNotice } from '../../components/form/DraftNotice.tsx';
import { PhotoInput } from '../../components/photo/PhotoInput.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { conflictRecord } from '../../components/conflict/edit-conflict.ts';
import { useEditVersions } from '../../components/conflict/use-edit-versions.tsx';
import { useVersionedState } from '../../components/conflict/use-versioned-form.ts';
import { trpcErrorMessage, validationMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useDraft } from '../../lib/use-draft.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import type { VcardRow } from '../vcards/types.ts';
import { BUTTON_STYLE_NAMES, COVER_NAMES, LAYOUT_NAMES } from './design-names.ts';
import { FontSelect } from './FontSelect.tsx';
import { DESIGN_CONFLICT_FIELDS, storedDesignForm, type DesignFormValues } from './design-versions.ts';
import { OptionGroup } from '../../components/form/OptionGroup.tsx';

/** The preview's place on the page (one design form per page). */
const PREVIEW_ID = 'design-preview';

type ColourName = 'backgroundColour' | 'fontColour' | 'iconColour' | 'accentColour';

function ColourChoice({
  legend,
  value,
  error,
  onChange,
  withBlackAndWhite,
}: {
  legend: ReactNode;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  withBlackAndWhite?: boolean;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <ColourPicker
        value={value}
        onChange={onChange}
        label={<Trans>Hex code</Trans>}
        error={error}
        withBlackAndWhite={withBlackAndWhite}
      />
    </fieldset>
  );
}

/** The design screen's form for one vCard: choices on one side, the live preview on the other. */
export function DesignEditor({ vcard }: { vcard: VcardRow }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const save = trpc.designs.save.useMutation();
  const formRef = useRef<HTMLFormElement>(null);
  // the card as the list has it now: live updates refetch it, and the form follows it or says it is newer
  const latest = storedDesignForm(vcard);
  const {
    values,
    change: changeValues,
    form,
  } = useVersionedState(() => latest.values, DESIGN_CONFLICT_FIELDS, {
    resubmit: () => void submit(),
    formRef,
    busy: save.isPending,
  });
  const versions = useEditVersions(form, latest, DESIGN_CONFLICT_FIELDS);
  const { colours, design } = values;
  const draft = useDraft({
    kind: 'design',
    cardId: vcard.id,
    base: vcard.updated_at.toISOString(),
    values,
    savedValues: form.base(),
    restore: (restored) => changeValues(() => restored),
  });
  useLeaveGuard(form.dirty, draft.forget);
  const [errors, setErrors] = useState<Partial<Record<ColourName, string>>>({});
  const [uploading, setUploading] = useState(false);
  const applied = {
    backgroundColour: useAppliedColour(colours.backgroundColour),
    fontColour: useAppliedColour(colours.fontColour),
    iconColour: useAppliedColour(colours.iconColour),
  };
  const appliedAccent = useAppliedColour(design.accentColour);
  const change = (part: Partial<CardDesignValues>) =>
    changeValues((current) => ({ ...current, design: { ...current.design, ...part } }));
  const colour = (name: ColourName) => ({
    value: name === 'accentColour' ? design.accentColour : colours[name],
    error: errors[name],
    onChange: (value: string) =>
      name === 'accentColour'
        ? change({ accentColour: value })
        : changeValues((current) => ({ ...current, colours: { ...current.colours, [name]: value } })),
  });

  /** Sends the values: answers the version saved, a newer version refusing them, or nothing (told). */
  async function send(values: DesignFormValues) {
    try {
      const input = SaveCardDesignSchema.parse({ vcardId: vcard.id, ...values });
      return { saved: values, version: (await save.mutateAsync(input)).version };
    } catch (error) {
      const newer = conflictRecord<VcardRow>(error);
      if (newer) return { conflict: storedDesignForm(newer) };
      toast({
        variant: 'destructive',
        title: t`Failed to save the design`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return {};
    }
  }

  async function submit() {
    const mine = form.current();
    const parsed = SaveCardDesignSchema.safeParse({ vcardId: vcard.id, ...mine });
    if (!parsed.success) {
      const fieldErrors: Partial<Record<ColourName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.at(-1);
        if (typeof field === 'string') fieldErrors[field as ColourName] = issue.message;
      }
      setErrors(fieldErrors);
      toast({
        variant: 'destructive',
        title: t`Validation Error`,
        description: i18n._(validationMessage(parsed.error.issues[0]?.message)),
      });
      return;
    }
    setErrors({});
    const outcome = await versions.save(mine, send);
    if (!outcome?.saved) return;
    // what was chosen while the save was on its way stays unsaved, on top of the version just saved
    form.restart(outcome.saved, outcome.version, form.current());
    toast({ title: t`Design saved` });
    await utils.vcards.invalidate();
  }

  return (
    <div className="@container">
      <form
        noValidate
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="grid gap-6 @3xl:grid-cols-[minmax(0,1fr)_23rem]"
      >
        <div className="min-w-0 space-y-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          {/* on a phone the preview is below the choices */}
          {versions.notice}
          <DraftNotice draft={draft} />
          <a
            href={`#${PREVIEW_ID}`}
            className="inline-block py-2 text-sm font-semibold text-brand-strong underline underline-offset-2 @3xl:hidden"
          >
            <Trans>Jump to the preview</Trans>
          </a>
          <OptionGroup
            legend={<Trans>Layout</Trans>}
            name="layout"
            options={CARD_LAYOUTS}
            names={LAYOUT_NAMES}
            value={design.layout}
            onChange={(layout) => change({ layout })}
          />
          <FontSelect id="design-font" value={design.font} onChange={(font) => change({ font })} />
          <OptionGroup
            legend={<Trans>Button style</Trans>}
            name="buttonStyle"
            options={BUTTON_STYLES}
            names={BUTTON_STYLE_NAMES}
            value={design.buttonStyle}
            onChange={(buttonStyle) => change({ buttonStyle })}
          />
          <OptionGroup
            legend={<Trans>Cover</Trans>}
            name="cover"
            options={COVER_KINDS}
            names={COVER_NAMES}
            value={design.cover}
            onChange={(cover) => change({ cover })}
          />
          {design.cover === 'gradient' && (
            <ColourChoice legend={<Trans>Gradient end colour</Trans>} {...colour('accentColour')} />
          )}
          {design.cover === 'image' && (
            <PhotoInput
              kind="graphic"
              label={<Trans>Cover image</Trans>}
              hint={<Trans>A wide picture shown above your card.</Trans>}
              value={design.coverImage ?? null}
              onChange={(coverImage) => change({ coverImage })}
              onUploadingChange={setUploading}
            />
          )}
          <PhotoInput
            kind="graphic"
            label={<Trans>Logo</Trans>}
            hint={<Trans>Shown beside your photo.</Trans>}
            value={design.logo ?? null}
            onChange={(logo) => change({ logo })}
            onUploadingChange={setUploading}
          />
          <ColourChoice legend={<Trans>Background colour</Trans>} {...colour('backgroundColour')} />
          <ColourChoice legend={<Trans>Font colour</Trans>} {...colour('fontColour')} withBlackAndWhite />
          <ColourChoice legend={<Trans>Icon colour</Trans>} {...colour('iconColour')} withBlackAndWhite />
          <p className="text-sm text-slate-600">
            <Trans>
              Any text that would be hard to read on its background is shown in black or white instead, so
              every visitor can read your card.
            </Trans>
          </p>
          <Button type="submit" disabled={save.isPending || uploading}>
            {uploading ? (
              <Trans>Uploading photo...</Trans>
            ) : save.isPaused ? (
              <Trans>Waiting for the connection…</Trans>
            ) : save.isPending ? (
              <Trans>Saving...</Trans>
            ) : (
              <Trans>Save design</Trans>
            )}
          </Button>
        </div>
        <div id={PREVIEW_ID} className="scroll-mt-20 space-y-2 @3xl:sticky @3xl:top-20 @3xl:self-start">
          <h2 className="text-center text-sm font-semibold text-slate-700">
            <Trans>Preview</Trans>
          </h2>
          <PublicPagePreview
            preview={{
              vcardId: vcard.id,
              colours: applied,
              design: { ...design, accentColour: appliedAccent },
            }}
          />
        </div>
        {versions.dialog}
      </form>
    </div>
  );
}
