import { Trans, useLingui } from '@lingui/react/macro';
import { PHOTO_MAX_MB } from '#src/media.ts';

// DECISIONS.md (photos): one size limit, and the label says it. The upload comes with the cards issue.

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('');
}

/** The current profile photo, or the initials of the name when there is none. */
export function ProfilePhoto({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const { t } = useLingui();
  const initials = initialsOf(name);
  return (
    <div className="flex items-center gap-4">
      {photoUrl ? (
        <img
          src={photoUrl}
          alt={t`Your profile photo`}
          className="size-16 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-soft text-xl font-semibold text-brand-strong"
        >
          {initials || '?'}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm font-medium text-ink">
          <Trans>Profile photo</Trans>
        </p>
        <p className="text-sm text-slate-600">
          <Trans>JPG, GIF or PNG, max {PHOTO_MAX_MB}MB</Trans>
        </p>
      </div>
    </div>
  );
}
