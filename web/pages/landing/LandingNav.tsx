import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, X } from 'lucide-react';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { Logo } from '../../components/Logo.tsx';
import { useInBrowser } from '../../lib/use-in-browser.ts';
import { VisitorButtons } from './VisitorButtons.tsx';

function SectionLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const linkClasses =
    'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink';
  return (
    <ul className={className}>
      <li>
        <a href="#features" onClick={onNavigate} className={linkClasses}>
          <Trans>Features</Trans>
        </a>
      </li>
      <li>
        <a href="#pricing" onClick={onNavigate} className={linkClasses}>
          <Trans>Pricing</Trans>
        </a>
      </li>
      <li>
        <a href="#about" onClick={onNavigate} className={linkClasses}>
          <Trans>About</Trans>
        </a>
      </li>
    </ul>
  );
}

// a chunk that cannot be loaded leaves the visitors' buttons, never an error page
const SessionButtons = lazy(() => import('./SessionButtons.tsx').catch(() => ({ default: VisitorButtons })));

/** Sign In and Get Started, or Dashboard for a signed-in person (visitors' buttons until that is known). */
function AccountButtons({ className }: { className: string }) {
  // the build-time render cannot wait for a chunk: it writes the visitors' buttons, as the browser first does
  if (!useInBrowser()) return <VisitorButtons className={className} />;
  return (
    <Suspense fallback={<VisitorButtons className={className} />}>
      <SessionButtons className={className} />
    </Suspense>
  );
}

/** Landing navigation: inline from md up; on phones a menu button shows the same links below the bar. */
export function LandingNav() {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    closeMenu();
    menuButton.current?.focus();
  };
  return (
    <header
      onKeyDown={closeOnEscape}
      className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <nav aria-label={t`Main`} className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex h-16 items-center justify-between gap-2">
          <Logo />
          <SectionLinks className="hidden items-center gap-1 md:flex" />
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <AccountButtons className="hidden items-center gap-2 md:flex" />
            <button
              ref={menuButton}
              type="button"
              onClick={() => setMenuOpen(!menuOpen)}
              aria-expanded={menuOpen}
              aria-controls="landing-menu"
              aria-label={t`Menu`}
              className="inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-slate-100 md:hidden"
            >
              {menuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
            </button>
          </div>
        </div>
        <div id="landing-menu" hidden={!menuOpen} className="border-t border-slate-200 py-3 md:hidden">
          <SectionLinks className="flex flex-col gap-1 [&_a]:block" onNavigate={closeMenu} />
          <AccountButtons className="mt-3 grid grid-cols-2 gap-2" />
        </div>
      </nav>
    </header>
  );
}
