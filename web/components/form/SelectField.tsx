import type { ComponentProps } from 'react';
import { FieldShell, type FieldShellProps } from './FieldShell.tsx';

export type SelectFieldProps = Omit<FieldShellProps, 'limit'> & Omit<ComponentProps<'select'>, 'id'>;

/** A labelled native select (its <option>s are the children) with its hint and error, tied for screen readers. */
export function SelectField({ label, error, hint, id, children, ...selectProps }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <select
          {...control}
          {...selectProps}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink focus-visible:border-brand-strong focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-strong aria-invalid:border-red-700"
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}
