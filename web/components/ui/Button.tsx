import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

const VARIANT_CLASSES = {
  primary: 'bg-brand text-brand-ink hover:bg-brand/85 shadow-sm',
  secondary: 'border border-slate-300 bg-white text-ink hover:bg-slate-50',
  ghost: 'text-ink hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
  /** The quiet red trigger of a removal (delete, erase, revoke) that a confirmation then asks about. */
  removal: 'text-red-700 hover:bg-red-50',
  inverted: 'bg-white text-ink hover:bg-slate-100 shadow-sm',
} as const;

const SIZE_CLASSES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  /** Full width, as tall as its label needs: long translations wrap instead of overflowing a phone screen. */
  block: 'min-h-12 w-full px-6 py-2 text-base whitespace-normal',
  icon: 'size-10',
} as const;

export type ButtonVariant = keyof typeof VARIANT_CLASSES;
export type ButtonSize = keyof typeof SIZE_CLASSES;

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (for example a router Link) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-strong',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    VARIANT_CLASSES[variant],
    SIZE_CLASSES[size],
    className,
  );
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
