import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { PHOTO_SOURCE_MAX_MB, type MediaKind, type UploadTarget } from '#src/media.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import {
  isConnectionFailure,
  photoFailureOf,
  photoFailureText,
  preparePhoto,
  sendPhoto,
  type PhotoFailure,
} from '../../lib/upload-photo.ts';
import { Notice } from '../Notice.tsx';
import { Button } from '../ui/Button.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';

export interface PhotoInputProps {
  /** The current photo (a /media/ path), or null for none. */
  value: string | null;
  /** A new photo was uploaded (its path), or the photo was removed (null). */
  onChange: (path: string | null) => void;
  /** True while a photo is prepared or uploading: a form should wait before it saves. */
  onUploadingChange?: (busy: boolean) => void;
  /** 'graphic' for a logo or cover: its transparency is kept (src/media.ts MEDIA_KINDS). */
  kind?: MediaKind;
  /** Whose the photo is when not the person's own: a team card's, the team's (src/media.ts). */
  uploadFor?: UploadTarget | undefined;
  /** How the current picture is shown: a round portrait, or a logo whole in a square. */
  preview?: 'round' | 'logo';
  label?: ReactNode;
  /** What the photo is used for, under the label. */
  hint?: ReactNode;
  disabled?: boolean;
}

/** What the input is doing with a picked file. */
type Stage = { step: 'preparing' } | { step: 'converting' } | { step: 'uploading'; fraction: number };

/** An upload the connection failed: the file, and the photo made from it if that was done already. */
interface FailedUpload {
  failure: PhotoFailure;
  file: File;
  photo: Blob | null;
}

/**
 * A photo picker with a drop zone (spec section 4, "Photo upload": idle, dragging over, uploading). The
 * chosen file is checked, made smaller (a HEIC converted first) and uploaded at once, with a progress bar;
 * the form stores the path. A refused file is told in a toast; an upload the connection failed stays on
 * the input, saying the photo was not saved, with a button that sends it again.
 */
export function PhotoInput({
  value,
  onChange,
  onUploadingChange,
  kind = 'photo',
  uploadFor,
  preview = 'round',
  label,
  hint,
  disabled = false,
}: PhotoInputProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [dragging, setDragging] = useState(false);
  const [stage, setStage] = useState<Stage | null>(null);
  const [failed, setFailed] = useState<FailedUpload | null>(null);
  const uploading = stage !== null;
  const blocked = disabled || uploading;

  // leaving the form cancels an upload nobody would use
  useEffect(() => () => upload.current?.abort(), []);

  /** Prepares the file (unless `prepared` is the photo made from it already) and uploads it. */
  const take = async (file: File, prepared: Blob | null = null) => {
    const controller = new AbortController();
    upload.current = controller;
    setFailed(null);
    setStage({ step: 'preparing' });
    onUploadingChange?.(true);
    let photo = prepared;
    try {
      photo ??= await preparePhoto(file, { kind, onConverting: () => setStage({ step: 'converting' }) });
      setStage({ step: 'uploading', fraction: 0 });
      const uploaded = await sendPhoto(photo, {
        kind,
        target: uploadFor,
        onProgress: (fraction) => setStage({ step: 'uploading', fraction }),
        signal: controller.signal,
      });
      onChange(uploaded.path);
    } catch (error) {
      if (!controller.signal.aborted) {
        const failure = photoFailureOf(error);
        if (isConnectionFailure(failure)) {
          setFailed({ failure, file, photo });
        } else {
          const text = photoFailureText(failure);
          toast({ variant: 'destructive', title: i18n._(text.title), description: i18n._(text.description) });
        }
      }
    } finally {
      upload.current = null;
      setStage(null);
      onUploadingChange?.(false);
    }
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = blocked ? 'none' : 'copy';
    if (!blocked) setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    // moving over a child element is not leaving the zone
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !blocked) void take(file);
  };

  const percent = stage?.step === 'uploading' ? Math.round(stage.fraction * 100) : 0;
  const failedText = failed && photoFailureText(failed.failure);
  return (
    <div
      role="group"
      aria-labelledby={label ? `${id}-label` : undefined}
      aria-describedby={hint ? `${id}-hint` : undefined}
      className="space-y-2"
    >
      {label && (
        <p id={`${id}-label`} className="text-sm font-medium text-ink">
          {label}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="flex items-center gap-4">
        {value ? (
          <img
            src={value}
            alt={t`Current photo`}
            className={cn(
              'size-20 shrink-0',
              preview === 'logo'
                ? 'rounded-lg border border-slate-200 bg-white object-contain p-1'
                : 'rounded-full object-cover',
            )}
          />
        ) : (
          <span
            aria-hidden
            className={cn(
              'flex size-20 shrink-0 items-center justify-center bg-slate-100 text-slate-400',
              preview === 'logo' ? 'rounded-lg' : 'rounded-full',
            )}
          >
            <ImageIcon className="size-8" />
          </span>
        )}
        <div
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          className={cn(
            'flex min-w-0 flex-1 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center transition-colors',
            dragging ? 'border-brand bg-brand-soft' : 'border-slate-300',
            disabled && 'opacity-50',
          )}
        >
          {stage?.step === 'uploading' ? (
            <div className="w-full space-y-2">
              <p className="text-sm font-medium text-ink">
                <Trans>Uploading photo… {percent}%</Trans>
              </p>
              <ProgressBar label={t`Uploading photo`} percent={percent} />
            </div>
          ) : stage ? (
            // no value: the time to read and shrink a photo is not known in advance
            <div role="progressbar" aria-label={t`Preparing photo`} className="w-full space-y-1">
              <p className="text-sm font-medium text-ink">
                {stage.step === 'converting' ? (
                  <Trans>Converting the HEIC photo…</Trans>
                ) : (
                  <Trans>Preparing photo…</Trans>
                )}
              </p>
              {stage.step === 'converting' && (
                <p className="text-xs text-slate-600">
                  <Trans>This can take a few seconds.</Trans>
                </p>
              )}
            </div>
          ) : (
            <>
              <Upload aria-hidden className="size-6 text-slate-500" />
              <p className="text-sm text-slate-700">
                {dragging ? <Trans>Drop the photo here</Trans> : <Trans>Drag a photo here, or</Trans>}
              </p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={blocked}
                  aria-describedby={`${id}-formats`}
                  onClick={() => fileInput.current?.click()}
                >
                  {value ? <Trans>Change photo</Trans> : <Trans>Choose a photo</Trans>}
                </Button>
                {value && (
                  <Button variant="ghost" size="sm" disabled={blocked} onClick={() => onChange(null)}>
                    <Trash2 aria-hidden />
                    <Trans>Remove photo</Trans>
                  </Button>
                )}
              </div>
            </>
          )}
          <p id={`${id}-formats`} className="text-xs text-slate-600">
            <Trans>JPG, PNG, GIF, WebP or HEIC, max {PHOTO_SOURCE_MAX_MB}MB</Trans>
          </p>
        </div>
      </div>
      {failed && failedText && (
        <Notice title={i18n._(failedText.title)}>
          <p>{i18n._(failedText.description)}</p>
          <Button variant="secondary" size="sm" onClick={() => void take(failed.file, failed.photo)}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      )}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        disabled={blocked}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // the same file may be chosen again after a failure
          event.target.value = '';
          if (file) void take(file);
        }}
      />
    </div>
  );
}
