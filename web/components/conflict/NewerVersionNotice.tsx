import { Trans } from '@lingui/react/macro';
import { Notice } from '../Notice.tsx';
import { Button } from '../ui/Button.tsx';

/**
 * Above a form with unsaved changes, once a newer version of what it edits was saved elsewhere: says so,
 * and Review opens the comparison. A polite status: it does not interrupt typing.
 */
export function NewerVersionNotice({ onReview }: { onReview: () => void }) {
  return (
    <Notice tone="info" title={<Trans>A newer version was saved</Trans>}>
      <p>
        <Trans>
          It was saved in another tab or on another device while you were editing. Your changes are not saved
          yet: review the differences before saving.
        </Trans>
      </p>
      <Button variant="secondary" size="sm" onClick={onReview}>
        <Trans>Review</Trans>
      </Button>
    </Notice>
  );
}
