import { Trans } from '@lingui/react/macro';
import { authClient } from '../../lib/auth-client.ts';
import { useSaveLanguage } from '../../lib/use-save-language.ts';
import { LanguageSwitcher } from '../LanguageSwitcher.tsx';
import { Logo } from '../Logo.tsx';
import { UserText } from '../UserText.tsx';
import { MobileNavDrawer } from './MobileNavDrawer.tsx';

/** Top of every dashboard page: the menu and logo on phones, who is signed in on wider screens, the language. */
export function DashboardTopBar() {
  const sessionName = authClient.useSession().data?.user.name;
  const userName = sessionName ? <UserText>{sessionName}</UserText> : null;
  // signed in, choosing a language also saves it to the profile (spec section 4, language)
  const language = useSaveLanguage();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur md:px-8">
      <div className="flex items-center gap-1 md:hidden">
        <MobileNavDrawer />
        <Logo />
      </div>
      {userName && (
        <p className="hidden min-w-0 truncate text-sm text-slate-700 md:block">
          <Trans>
            Signed in as <span className="font-semibold text-ink">{userName}</span>
          </Trans>
        </p>
      )}
      <LanguageSwitcher
        className="ml-auto"
        disabled={language.busy}
        onSelect={(locale) => void language.save(locale)}
      />
    </header>
  );
}
