import { Fragment } from 'react';
import { cn } from '../lib/cn.ts';

/** Where an address may wrap: after a slash (not between the two of "//"), before a dot, ?, & or #. */
const BREAK_POINTS = /(?<=\/)(?!\/)|(?=[.?&#])/;

/**
 * An address as text that wraps on a narrow screen where a reader expects it to continue (after a "/",
 * before a "."), so a username or a short-link code stays in one piece ("…/l/paula-portfolio", never
 * "…/l/paul a-portfolio" nor "…/l/paula- portfolio": each part is a box of its own, which a line does not
 * split at its hyphen); only a part longer than the whole line breaks inside (overflow-wrap). The break
 * points are <wbr>: copying the text copies the address as it is.
 */
export function UrlText({ url, className }: { url: string; className?: string }) {
  const parts = url.split(BREAK_POINTS);
  return (
    <span className={cn('break-words', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="inline-block max-w-full">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
