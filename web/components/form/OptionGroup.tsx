import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { cn } from '../../lib/cn.ts';

/** One of a few named choices (a card's layout, a QR code's module style): radio buttons as labelled tiles, in a fieldset. */
export function OptionGroup<T extends string>({
  legend,
  name,
  options,
  names,
  value,
  onChange,
}: {
  legend: ReactNode;
  name: string;
  options: readonly T[];
  names: Record<T, MessageDescriptor>;
  value: T;
  onChange: (value: T) => void;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-ink',
              'hover:bg-slate-50 has-[:checked]:border-brand-strong has-[:checked]:ring-2 has-[:checked]:ring-brand-strong',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-brand-strong"
            />
            {i18n._(names[option])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
