import { useLayoutEffect, useRef, useState } from 'react';
import { reportUnsaved } from './leave-guard.ts';

/**
 * Makes leaving the page ask first while `unsaved` is true (a sidebar link, the browser's Back, closing
 * or reloading the tab): one line in each form, `useLeaveGuard(form.formState.isDirty)`. `discard` runs
 * when the person chooses to leave without saving (a kept draft is thrown away with it).
 */
export function useLeaveGuard(unsaved: boolean, discard?: () => void): void {
  const [form] = useState(() => Symbol('form'));
  const latestDiscard = useRef(discard);
  // before paint, so a navigation that starts right after a change (or a save) reads the form's state
  useLayoutEffect(() => {
    latestDiscard.current = discard;
    reportUnsaved(form, unsaved, () => latestDiscard.current?.());
  });
  useLayoutEffect(() => () => reportUnsaved(form, false), [form]);
}
