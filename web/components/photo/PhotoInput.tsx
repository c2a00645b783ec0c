import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { PHOTO_MAX_MB, type MediaKind } from '#src/media.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import {
  photoFailureOf,
  photoFailureText,
  photoFileProblem,
  uploadPhotoFile,
  type PhotoFailure,
} from '../../lib/upload-photo.ts';
import { Button } from '../ui/Button.tsx';

export interface PhotoInputProps {
  /** The current photo (a /media/ path), or null for none. */
  value: string | null;
  /** A new photo was uploaded (its path), or the photo was removed (null). */
  onChange: (path: string | null) => void;
  /** True while a photo is uploading: a form should wait before it saves. */
  onUploadingChange?: (busy: boolean) => void;
  /** Replaces the error toast, for a caller that goes on without the photo (the vCard dialog). */
  onError?: (failure: PhotoFailure) => void;
  /** 'graphic' for a logo or cover: its transparency is kept (src/media.ts MEDIA_KINDS). */
  kind?: MediaKind;
  label?: ReactNode;
  /** What the photo is used for, under the label. */
  hint?: ReactNode;
  disabled?: boolean;
}

/**
 * A photo picker with a drop zone (spec section 4, "Photo upload": idle, dragging over, uploading). The
 * chosen file is checked, shrunk and uploaded at once, with a progress bar; the form stores the path.
 */
export function PhotoInput({
  value,
  onChange,
  onUploadingChange,
  onError,
  kind = 'photo',
  label,
  hint,
  disabled = false,
}: PhotoInputProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [dragging, setDragging] = useState(false);
  /** The fraction sent while uploading, null otherwise. */
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const blocked = disabled || uploading;

  // leaving the form cancels an upload nobody would use
  useEffect(() => () => upload.current?.abort(), []);

  const report = (failure: PhotoFailure) => {
    if (onError) {
      onError(failure);
      return;
    }
    const text = photoFailureText(failure);
    toast({ variant: 'destructive', title: i18n._(text.title), description: i18n._(text.description) });
  };

  const take = async (file: File) => {
    const problem = photoFileProblem(file);
    if (problem) {
      report(problem);
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const photo = await uploadPhotoFile(file, { kind, onProgress: setProgress, signal: controller.signal });
      onChange(photo.path);
    } catch (error) {
      if (!controller.signal.aborted) report(photoFailureOf(error));
    } finally {
      upload.current = null;
      setProgress(null);
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

  const percent = Math.round((progress ?? 0) * 100);
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
          <img src={value} alt={t`Current photo`} className="size-20 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-400"
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
          {uploading ? (
            <div className="w-full space-y-2">
              <p className="text-sm font-medium text-ink">
                <Trans>Uploading photo… {percent}%</Trans>
              </p>
              <div
                role="progressbar"
                aria-label={t`Uploading photo`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
              </div>
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
                  aria-describedby={`${id}-hint`}
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
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            <Trans>JPG, PNG, GIF or WebP, max {PHOTO_MAX_MB}MB</Trans>
          </p>
        </div>
      </div>
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
