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
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink aria-invalid:border-red-700"
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}
