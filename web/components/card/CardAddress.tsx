import { useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Share2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useCopyToClipboard } from '../../lib/use-copy-to-clipboard.ts';
import { FieldShell } from '../form/FieldShell.tsx';
import { Button } from '../ui/Button.tsx';
import { Input } from '../ui/Input.tsx';

/** How long "Copied" stays beside the buttons. */
const STATUS_SHOWN_MS = 4000;

/**
 * Which address of a card this is: 'profile', the account's page (/{username}: the primary card), or
 * 'vcard', a vCard's own page (/vcard/{id}: every other card). Each is what that card's QR code shows.
 */
export type CardAddressKind = 'profile' | 'vcard';

type Status = 'copied' | 'copyFailed' | 'shareFailed';

/** What the browser offers: the clipboard (secure contexts only) and the Web Share API (mostly phones). */
function browserOffers() {
  return {
    copy: typeof navigator.clipboard?.writeText === 'function',
    share: typeof navigator.share === 'function',
  };
}

interface CardAddressProps {
  /** The full address (publicPageUrl of cardAddressPath, src/card-address.ts). */
  url: string;
  kind: CardAddressKind;
  /** The card's name: the title of what is shared. */
  cardName: string;
  className?: string;
}

/**
 * A card's address to share: the address, selectable, with Copy (the clipboard API and a
 * "Copied" status that screen readers announce) and Share (the browser's share sheet, where it has one),
 * and a line saying which address it is. Without a clipboard (plain http on another host than localhost)
 * the address can still be selected and copied by hand; where copying or sharing fails, the status says so.
 */
export function CardAddress({ url, kind, cardName, className }: CardAddressProps) {
  const { t } = useLingui();
  const groupId = useId();
  const { copy: copyText, fallbackRef } = useCopyToClipboard();
  const [offers] = useState(browserOffers);
  // the count makes a repeated status a new text, so that it is announced again
  const [status, setStatus] = useState<{ status: Status; count: number } | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), STATUS_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const show = (next: Status) => setStatus((current) => ({ status: next, count: (current?.count ?? 0) + 1 }));

  async function copy() {
    show((await copyText(url)) ? 'copied' : 'copyFailed');
  }

  async function share() {
    try {
      await navigator.share({ title: cardName, url });
    } catch (error) {
      // closing the share sheet is not a failure
      if (error instanceof DOMException && error.name === 'AbortError') return;
      show('shareFailed');
    }
  }

  const statusText = {
    copied: t`Copied`,
    copyFailed: t`Could not copy: select the address and copy it yourself.`,
    shareFailed: t`Could not share: copy the address instead.`,
  };

  return (
    <div role="group" aria-labelledby={`${groupId}-label`} className={cn('space-y-2', className)}>
      <FieldShell
        id={groupId}
        label={
          <span id={`${groupId}-label`}>
            {kind === 'profile' ? <Trans>Your card's address</Trans> : <Trans>This vCard's address</Trans>}
          </span>
        }
        hint={
          kind === 'profile' ? (
            <Trans>The address to share: your card's page, the one its QR code shows.</Trans>
          ) : (
            <Trans>This vCard's own page, the one its QR code shows: share it to share this card.</Trans>
          )
        }
      >
        {(control) => (
          <Input
            {...control}
            ref={fallbackRef}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="text-sm"
          />
        )}
      </FieldShell>
      <div className="flex flex-wrap items-center gap-2">
        {offers.copy && (
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            <Copy aria-hidden />
            <Trans>Copy</Trans>
          </Button>
        )}
        {offers.share && (
          <Button variant="secondary" size="sm" onClick={() => void share()}>
            <Share2 aria-hidden />
            <Trans>Share</Trans>
          </Button>
        )}
        <p
          role="status"
          className={cn(
            'inline-flex items-center gap-1 text-sm',
            status?.status === 'copied' ? 'font-semibold text-emerald-800' : 'text-red-700',
          )}
        >
          {status && (
            <span key={status.count} className="inline-flex items-center gap-1">
              {status.status === 'copied' && <Check aria-hidden className="size-4" />}
              {statusText[status.status]}
            </span>
          )}
        </p>
      </div>
    </div>
  );
}
