import { Trans } from '@lingui/react/macro';

/**
 * 'Skip to content': the first Tab stop of a page with a long navigation before its content, hidden until
 * focused. It moves focus to the element with the id (which needs tabIndex -1) without touching the URL.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      <Trans>Skip to content</Trans>
    </a>
  );
}
