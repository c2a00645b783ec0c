import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

/** An in-text link of the auth screens (mode toggles, 'Forgot password?'). */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded text-sm font-semibold text-brand-strong underline-offset-4 hover:underline',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-strong',
        className,
      )}
      {...props}
    />
  );
}
