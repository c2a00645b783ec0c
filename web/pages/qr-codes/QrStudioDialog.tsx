import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, RotateCcw } from 'lucide-react';
import {
  DEFAULT_QR_DESIGN,
  drawQr,
  QR_EYE_STYLES,
  QR_LOGO_MAX_AREA_SHARE,
  QR_LOGO_SCALE_MAX,
  QR_LOGO_SCALE_MIN,
  QR_LOGO_SCALE_STEP,
  QR_MODULE_STYLES,
  qrDesignProblem,
  type QrDesign,
  type QrEyeStyle,
  type QrModuleStyle,
} from '#src/qr-design.ts';
import { HEX_COLOUR_PATTERN } from '#src/colour.ts';
import { QR_PNG_DEFAULT_SIZE, QR_PNG_SIZES } from '#src/schemas/qr-design.ts';
import { UpgradePrompt } from '../../components/billing/UpgradePrompt.tsx';
import { usePlanFeature } from '../../components/billing/use-plan-feature.ts';
import { QrCodeSvg } from '../../components/card/QrCodeSvg.tsx';
import { conflictRecord, type Versioned } from '../../components/conflict/edit-conflict.ts';
import type { ConflictField } from '../../components/conflict/field-diff.ts';
import { useEditVersions, type VersionedValues } from '../../components/conflict/use-edit-versions.tsx';
import { useVersionedState } from '../../components/conflict/use-versioned-form.ts';
import { formSaveFailure } from '../../components/form/form-save-failure.ts';
import { OptionGroup } from '../../components/form/OptionGroup.tsx';
import { PhotoInput } from '../../components/photo/PhotoInput.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { DialogClose } from '../../components/ui/Dialog.tsx';
import { FormDialog } from '../../components/ui/FormDialog.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Label } from '../../components/ui/Label.tsx';
import { ERROR_REASON_TEXT, VALIDATION_MESSAGE_TEXT } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { UserText } from '../../components/UserText.tsx';
import { useLinksChanged } from '../links/use-links-changed.ts';
import { DownloadButtons } from './DownloadButtons.tsx';
import type { QrCodeRow } from './types.ts';

const MODULE_STYLE_NAMES = {
  square: msg`Square`,
  rounded: msg`Rounded`,
  dots: msg`Dots`,
} satisfies Record<QrModuleStyle, MessageDescriptor>;

const EYE_STYLE_NAMES = {
  square: msg`Square`,
  rounded: msg`Rounded`,
  circle: msg`Dot centre`,
} satisfies Record<QrEyeStyle, MessageDescriptor>;

const PREVIEW_SIZE_PX = 240;

/** A colour as # and 6 hex digits, with a swatch picker beside its text field. */
function ColourField(props: {
  label: ReactNode;
  pickerLabel: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const valid = HEX_COLOUR_PATTERN.test(props.value);
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{props.label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={props.pickerLabel}
          value={valid ? props.value.toLowerCase() : '#000000'}
          onChange={(event) => props.onChange(event.target.value.toUpperCase())}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <Input
          id={id}
          value={props.value}
          maxLength={7}
          spellCheck={false}
          aria-invalid={!valid || undefined}
          aria-describedby={valid ? undefined : `${id}-error`}
          onChange={(event) => props.onChange(event.target.value.trim().toUpperCase())}
        />
      </div>
      {!valid && <ValidationText id={`${id}-error`} />}
    </div>
  );
}

function ValidationText({ id }: { id: string }) {
  const { i18n } = useLingui();
  return (
    <p id={id} className="text-sm text-red-700">
      {i18n._(VALIDATION_MESSAGE_TEXT['validation.colour.invalid'])}
    </p>
  );
}

/** The studio's values: the design, and the version of the QR code it is from. */
interface StudioValues extends VersionedValues {
  design: QrDesign;
}

/** Every choice of the studio, named as the studio names it, for the comparison of two versions. */
const STUDIO_CONFLICT_FIELDS: readonly ConflictField[] = [
  { path: 'design.foreground', label: msg`Code colour`, kind: 'colour' },
  { path: 'design.background', label: msg`Background colour`, kind: 'colour' },
  { path: 'design.moduleStyle', label: msg`Module style`, kind: { names: MODULE_STYLE_NAMES } },
  { path: 'design.eyeStyle', label: msg`Corner style`, kind: { names: EYE_STYLE_NAMES } },
  { path: 'design.logo', label: msg`Centre logo`, kind: 'photo' },
  { path: 'design.logoScale', label: msg`Logo size`, kind: 'percent' },
];

/** A stored QR code (as the list, or an edit_conflict refusal, has it) as a version of the studio. */
function storedStudioForm(qrCode: Pick<QrCodeRow, 'savedDesign' | 'version'>): Versioned<StudioValues> {
  return {
    values: { design: qrCode.savedDesign ?? DEFAULT_QR_DESIGN, baseVersion: qrCode.version },
    version: qrCode.version,
  };
}

/** The studio's controls and live preview, for a plan that includes customBranding. */
function StudioForm({ qrCode, onDone }: { qrCode: QrCodeRow; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const linksChanged = useLinksChanged();
  const save = trpc.qrStudio.saveDesign.useMutation();
  const reset = trpc.qrStudio.resetDesign.useMutation();
  const formRef = useRef<HTMLFormElement>(null);
  // the QR code as the list has it now: live updates refetch it, and the studio follows it or says it is
  // newer
  const latest = storedStudioForm(qrCode);
  const {
    values: { design },
    change: changeValues,
    form,
  } = useVersionedState(() => latest.values, STUDIO_CONFLICT_FIELDS, {
    resubmit: () => void submit(),
    formRef,
    busy: save.isPending || reset.isPending,
  });
  const versions = useEditVersions(form, latest, STUDIO_CONFLICT_FIELDS);
  useLeaveGuard(form.dirty);
  const refused = (error: unknown) => {
    const failure = formSaveFailure(error, {
      failed: msg`Failed to save the QR design. Please try again.`,
    });
    setRefusal(i18n._(failure.toast.description));
  };
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pngSize, setPngSize] = useState<number>(QR_PNG_DEFAULT_SIZE);
  const pngSizeId = useId();
  const logoScaleId = useId();
  const change = (part: Partial<QrDesign>) => {
    setRefusal(null);
    changeValues((values) => ({ ...values, design: { ...values.design, ...part } }));
  };
  const coloursValid =
    HEX_COLOUR_PATTERN.test(design.foreground) && HEX_COLOUR_PATTERN.test(design.background);
  // the preview keeps the last complete colours while one is being typed
  const [shown, setShown] = useState(design);
  if (coloursValid && shown !== design) setShown(design);
  // the rules the server checks first, told while choosing (the server's check is the last word)
  const problem = useMemo(
    () => (coloursValid ? qrDesignProblem(drawQr(qrCode.qrUrl, design), design) : null),
    [coloursValid, design, qrCode.qrUrl],
  );
  const busy = save.isPending || reset.isPending;
  const { title } = qrCode;
  const logoPercent = Math.round(design.logoScale * 100);
  const logoLimitPercent = Math.round(QR_LOGO_MAX_AREA_SHARE * 100);

  /** Sends the values: answers whether they were saved, a newer version refusing them, or nothing (told). */
  async function send(values: StudioValues) {
    const { design: sent, baseVersion = qrCode.version } = values;
    try {
      await save.mutateAsync({ id: qrCode.id, design: sent, baseVersion });
      return { saved: true };
    } catch (error) {
      const newer = conflictRecord<QrCodeRow>(error);
      if (newer) return { saved: false, conflict: storedStudioForm(newer) };
      refused(error);
      return { saved: false };
    }
  }

  async function submit() {
    if (!coloursValid || busy || uploading) return;
    setRefusal(null);
    const outcome = await versions.save(form.current(), send);
    if (!outcome?.saved) return;
    await linksChanged();
    toast({ title: t`QR design saved` });
    onDone();
  }

  async function backToPlain() {
    try {
      await reset.mutateAsync({ id: qrCode.id, baseVersion: form.current().baseVersion ?? qrCode.version });
    } catch (error) {
      const newer = conflictRecord<QrCodeRow>(error);
      if (!newer) {
        refused(error);
        return;
      }
      // the design changed meanwhile: shown as it is now, to be taken back to plain knowingly
      const { values, version } = storedStudioForm(newer);
      form.restart(values, version, values);
      setRefusal(
        t`This QR code's design was changed in another tab or on another device meanwhile, and is shown now. Choose Back to plain again to remove it.`,
      );
      return;
    }
    await linksChanged();
    toast({ title: t`QR code back to the plain design` });
    onDone();
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="grid gap-6 md:grid-cols-[auto_1fr]"
    >
      <div className="flex flex-col items-center gap-3 md:sticky md:top-0 md:self-start">
        <div className="rounded-xl border border-slate-200 p-3">
          <QrCodeSvg
            value={qrCode.qrUrl}
            design={shown}
            size={PREVIEW_SIZE_PX}
            label={t`Preview of the QR code of ${title}`}
          />
        </div>
        <p className="max-w-60 text-center text-xs break-all text-slate-600">{qrCode.shortUrl}</p>
      </div>
      <div className="min-w-0 space-y-5">
        {versions.notice}
        <div className="grid gap-4 sm:grid-cols-2">
          <ColourField
            label={<Trans>Code colour</Trans>}
            pickerLabel={t`Pick the code colour`}
            value={design.foreground}
            onChange={(foreground) => change({ foreground })}
          />
          <ColourField
            label={<Trans>Background colour</Trans>}
            pickerLabel={t`Pick the background colour`}
            value={design.background}
            onChange={(background) => change({ background })}
          />
        </div>
        <OptionGroup
          legend={<Trans>Module style</Trans>}
          name="moduleStyle"
          options={QR_MODULE_STYLES}
          names={MODULE_STYLE_NAMES}
          value={design.moduleStyle}
          onChange={(moduleStyle) => change({ moduleStyle })}
        />
        <OptionGroup
          legend={<Trans>Corner style</Trans>}
          name="eyeStyle"
          options={QR_EYE_STYLES}
          names={EYE_STYLE_NAMES}
          value={design.eyeStyle}
          onChange={(eyeStyle) => change({ eyeStyle })}
        />
        <PhotoInput
          kind="graphic"
          label={<Trans>Centre logo</Trans>}
          hint={<Trans>Optional. A square image works best; it is drawn in the middle of the code.</Trans>}
          value={design.logo}
          onChange={(logo) => change({ logo })}
          onUploadingChange={setUploading}
          disabled={busy}
        />
        {design.logo && (
          <div className="space-y-1">
            <Label htmlFor={logoScaleId}>
              <Trans>Logo size: {logoPercent}%</Trans>
            </Label>
            <input
              id={logoScaleId}
              type="range"
              min={QR_LOGO_SCALE_MIN}
              max={QR_LOGO_SCALE_MAX}
              step={QR_LOGO_SCALE_STEP}
              value={design.logoScale}
              onChange={(event) => change({ logoScale: Number(event.target.value) })}
              className="w-full accent-brand-strong"
            />
          </div>
        )}
        <div aria-live="polite">
          {/* told once: the server's refusal replaces the hint while choosing, which says the same */}
          {problem && !refusal && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {i18n._(ERROR_REASON_TEXT[problem])}
            </p>
          )}
        </div>
        {refusal && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {refusal}
          </p>
        )}
        <p className="text-sm text-slate-600">
          <Trans>
            Before saving, we test-scan the design. Codes you already printed keep working: they lead to the
            same short link.
          </Trans>
          {design.logo && ' '}
          {design.logo && <Trans>The logo may hide up to {logoLimitPercent}% of the code.</Trans>}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          {qrCode.savedDesign && (
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void backToPlain()}>
              <RotateCcw aria-hidden />
              <Trans>Back to plain</Trans>
            </Button>
          )}
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button type="submit" disabled={uploading || !coloursValid} aria-busy={save.isPending || undefined}>
            {save.isPending && <Loader2 aria-hidden className="motion-safe:animate-spin" />}
            {save.isPending ? <Trans>Checking that it scans…</Trans> : <Trans>Save design</Trans>}
          </Button>
        </div>
        <div className="space-y-2 border-t border-slate-200 pt-4">
          <p className="text-sm font-medium text-ink">
            <Trans>Download the saved design</Trans>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={pngSizeId} className="sr-only">
              <Trans>PNG size</Trans>
            </Label>
            <select
              id={pngSizeId}
              value={pngSize}
              onChange={(event) => setPngSize(Number(event.target.value))}
              className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-ink"
            >
              {QR_PNG_SIZES.map((size) => (
                <option key={size} value={size}>
                  {t`PNG ${size} × ${size} px`}
                </option>
              ))}
            </select>
            <DownloadButtons qrCode={qrCode} pngSize={pngSize} />
          </div>
        </div>
      </div>
      {versions.dialog}
    </form>
  );
}

/**
 * The QR studio: colours, module and corner styles and a centre logo for one QR code,
 * with a live preview drawn by the same code as every other image of it. A plan without customBranding
 * sees what it is part of and the way to upgrade. Render it inside a <Dialog> that mounts it while open.
 */
export function QrStudioDialog({ qrCode, onDone }: { qrCode: QrCodeRow; onDone: () => void }) {
  const { allowed, loaded } = usePlanFeature('customBranding');
  const title = <UserText>{qrCode.title}</UserText>;
  return (
    <FormDialog
      layout="wide"
      title={<Trans>Design QR code</Trans>}
      description={
        <Trans>
          Brand colours, styles and a logo for “{title}”. The design is used everywhere this code is shown and
          downloaded.
        </Trans>
      }
    >
      {!loaded ? (
        <Loader2 aria-hidden className="mx-auto size-6 motion-safe:animate-spin" />
      ) : allowed ? (
        <StudioForm qrCode={qrCode} onDone={onDone} />
      ) : (
        <div className="space-y-4">
          <UpgradePrompt feature="customBranding" />
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                <Trans>Close</Trans>
              </Button>
            </DialogClose>
          </div>
        </div>
      )}
    </FormDialog>
  );
}
