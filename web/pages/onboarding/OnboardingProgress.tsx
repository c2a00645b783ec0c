import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn.ts';

export type OnboardingStep = 1 | 2 | 3;

// spec section 2, onboarding: (1) sign-up, (2) plan selection, (3) virtual card creation
const STEP_NAMES: readonly MessageDescriptor[] = [msg`Sign up`, msg`Choose a plan`, msg`Virtual card`];

/** The three-segment progress bar; finished and current segments are filled. */
export function OnboardingProgress({ current }: { current: OnboardingStep }) {
  const { t, i18n } = useLingui();
  const total = STEP_NAMES.length;
  return (
    <div className="mx-auto w-full max-w-md space-y-2">
      <p className="text-sm font-medium text-slate-700">{t`Step ${current} of ${total}`}</p>
      <ol aria-label={t`Sign-up progress`} className="grid grid-cols-3 gap-2">
        {STEP_NAMES.map((name, index) => {
          const step = index + 1;
          return (
            <li key={step} aria-current={step === current ? 'step' : undefined} className="space-y-1">
              <span
                aria-hidden
                className={cn('block h-2 rounded-full', step <= current ? 'bg-brand' : 'bg-slate-200')}
              />
              <span
                className={cn(
                  'block text-xs',
                  step === current ? 'font-semibold text-ink' : 'text-slate-600',
                )}
              >
                {i18n._(name)}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
