import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink placeholder:text-slate-500',
        'focus-visible:border-brand-strong focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-strong',
        'disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-700',
        className,
      )}
      {...props}
    />
  );
}
