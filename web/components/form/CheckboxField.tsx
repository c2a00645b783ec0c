import type { ComponentProps, ReactNode } from 'react';

/** A native checkbox with its label beside it, at least 40 px tall to be easy to tap. */
export function CheckboxField({ label, ...inputProps }: { label: ReactNode } & ComponentProps<'input'>) {
  return (
    <label className="inline-flex min-h-10 items-center gap-2 text-sm font-medium text-ink">
      <input
        type="checkbox"
        className="size-4 rounded border-slate-300 accent-brand-strong"
        {...inputProps}
      />
      {label}
    </label>
  );
}
