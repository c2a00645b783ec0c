import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { useCopyToClipboard } from '../../lib/use-copy-to-clipboard.ts';

/** Copy Link (spec section 2): puts the short URL on the clipboard; toast 'link copied'. */
export function CopyLinkButton({ url }: { url: string }) {
  const { t } = useLingui();
  const { copy } = useCopyToClipboard();
  // the failure's toast shows the link, to copy by hand
  const toasts = {
    copied: { title: t`Link copied`, description: url },
    failed: { variant: 'destructive', title: t`Could not copy the link`, description: url },
  } as const;

  return (
    <Button variant="ghost" size="sm" onClick={() => void copy(url, toasts)}>
      <Copy aria-hidden />
      <Trans>Copy Link</Trans>
    </Button>
  );
}
