import { Fragment } from 'react';
import { cn } from '../lib/cn.ts';

/** Where an address may wrap: after a slash (not between the two of "//"), before a dot, ?, & or #. */
const BREAK_POINTS = /(?<=\/)(?!\/)|(?=[.?&#])/;

/** A part up to this long always fits a phone's line, so it is kept on one line whole. */
const WHOLE_PART_MAX_LENGTH = 20;

/**
 * An address as text that wraps on a narrow screen where a reader expects it to continue (after a "/",
 * before a "."), so a username or a short-link code stays in one piece ("…/l/paula-portfolio", never
 * "…/l/paul a-portfolio" nor "…/l/paula- portfolio": a short part does not wrap, not even at its hyphen);
 * only a part longer than that may break inside (overflow-wrap). The break points are <wbr> and the parts
 * plain inline text: copying the text, or a screen reader, gets the address as it is.
 */
export function UrlText({ url, className }: { url: string; className?: string }) {
  const parts = url.split(BREAK_POINTS);
  return (
    <span className={cn('break-words', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part.length <= WHOLE_PART_MAX_LENGTH ? <span className="whitespace-nowrap">{part}</span> : part}
        </Fragment>
      ))}
    </span>
  );
}
