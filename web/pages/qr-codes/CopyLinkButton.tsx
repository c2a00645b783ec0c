import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../lib/toast.ts';

/** Copy Link (spec section 2): puts the short URL on the clipboard; toast 'link copied'. */
export function CopyLinkButton({ url }: { url: string }) {
  const { t } = useLingui();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // no clipboard (an old browser, or permission refused): the link is still there to copy by hand
      toast({ variant: 'destructive', title: t`Could not copy the link`, description: url });
      return;
    }
    toast({ title: t`Link copied`, description: url });
  }

  return (
    <Button variant="ghost" size="sm" onClick={() => void copy()}>
      <Copy aria-hidden />
      <Trans>Copy Link</Trans>
    </Button>
  );
}
