import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '../../lib/format.ts';
import type { DraftControls } from '../../lib/use-draft.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { Notice } from '../Notice.tsx';
import { Button } from '../ui/Button.tsx';

/** Above a form whose unsaved changes were kept in this browser and put back: when, and 'Discard draft'. */
export function DraftNotice({ draft }: { draft: DraftControls }) {
  const locale = useLocale();
  if (!draft.restored) return null;
  const when = formatDateTime(draft.restored.savedAt, locale);
  return (
    <Notice tone="info" title={<Trans>Unsaved changes restored</Trans>}>
      <p>
        <Trans>
          These are the changes you made on {when} and did not save. Save to keep them, or discard them.
        </Trans>
      </p>
      {draft.restored.baseChanged && (
        <p>
          <Trans>This card was saved again after that, perhaps in another tab or on another device.</Trans>
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          draft.discard();
          // the button goes with the notice: the page's heading takes focus, not the top of the page
          document.querySelector<HTMLElement>('main h1[tabindex]')?.focus();
        }}
      >
        <Trans>Discard draft</Trans>
      </Button>
    </Notice>
  );
}
