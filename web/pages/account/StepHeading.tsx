import { useEffect, useRef, type ReactNode } from 'react';

/** The heading of a step that replaced what was there: focused when it appears, so nobody is lost. */
export function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h3 ref={heading} tabIndex={-1} className="text-base font-semibold text-ink">
      {children}
    </h3>
  );
}
