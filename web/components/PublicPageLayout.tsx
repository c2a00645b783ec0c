import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';

/** Frame of the simple public pages (sign-in shells, legal pages, 404, goodbye): logo, language, content. */
export function PublicPageLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <nav
          aria-label={t`Site`}
          className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6"
        >
          <Logo />
          <LanguageSwitcher />
        </nav>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-10 sm:px-6 sm:py-16">
        {children}
      </main>
    </div>
  );
}
