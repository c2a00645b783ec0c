import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';
import { cn } from '../lib/cn.ts';

function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#00C2FF" />
      <rect x="7" y="9" width="18" height="14" rx="2.5" fill="none" stroke="#0B1B2B" strokeWidth="2.2" />
      <circle cx="12.5" cy="14.5" r="2" fill="#0B1B2B" />
      <path
        d="M9.8 19.6c.6-1.5 1.6-2.2 2.7-2.2s2.1.7 2.7 2.2"
        fill="none"
        stroke="#0B1B2B"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <path d="M18 14h4M18 17.5h3" stroke="#0B1B2B" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** The product mark and name, linking home. With showName false only the mark shows (named for screen readers). */
export function Logo({ showName = true, className }: { showName?: boolean; className?: string }) {
  const { t } = useLingui();
  return (
    <Link
      to={paths.home}
      aria-label={showName ? undefined : t`Tapcard home`}
      className={cn('inline-flex items-center gap-2 rounded-lg text-lg font-bold text-ink', className)}
    >
      <LogoMark />
      {showName && <span>Tapcard</span>}
    </Link>
  );
}
