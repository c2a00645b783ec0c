import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** The look of every text box (inputs and text areas). */
const FIELD_CLASSES = cn(
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink placeholder:text-slate-500',
  'focus-visible:border-brand-strong focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-strong',
  'disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-700',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('h-10', FIELD_CLASSES, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('min-h-32 py-2', FIELD_CLASSES, className)} {...props} />;
}
