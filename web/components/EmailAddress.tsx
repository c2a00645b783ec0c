import { Fragment } from 'react';
import { emailWrapPoints } from '../lib/email-wrap.ts';

/**
 * An e-mail address as typed, that wraps on a narrow screen at its `@` and dots rather than in the middle
 * of a word (`elena@acme.` / `test`, never `elena@acme.tes` / `t`). A single label longer than the line
 * still breaks (break-words), so nothing scrolls sideways. Inside <bdi>, as UserText keeps typed text.
 */
export function EmailAddress({ children }: { children: string }) {
  const parts = emailWrapPoints(children);
  return (
    <bdi className="break-words">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
