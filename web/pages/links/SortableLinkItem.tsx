import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { GripVertical } from 'lucide-react';
import { PausedNote } from '../../components/dashboard/PausedNote.tsx';
import { LinkEnabledButton } from '../../components/link-lifecycle/LinkEnabledButton.tsx';
import { LinkLifecycleDialog } from '../../components/link-lifecycle/LinkLifecycleDialog.tsx';
import { LinkStateNote } from '../../components/link-lifecycle/LinkStateNote.tsx';
import { UrlText } from '../../components/UrlText.tsx';
import { cn } from '../../lib/cn.ts';
import { ChooseCodeDialog } from '../qr-codes/ChooseCodeDialog.tsx';
import { DeleteLinkDialog } from './DeleteLinkDialog.tsx';
import { EditLinkDialog } from './EditLinkDialog.tsx';
import type { ProfileLinkList, ProfileLinkRow } from './types.ts';

interface SortableLinkItemProps {
  link: ProfileLinkRow;
  /** The live link that keeping this one live would pause, while links are over the plan's limit. */
  swapOut: ProfileLinkList['swapOut'];
}

/**
 * One row of the links list: a drag handle (mouse, touch or keyboard), the link (and why it is paused,
 * when it is), its short link and state, and its edit, choose-code, schedule, disable and delete buttons.
 */
export function SortableLinkItem({ link, swapOut }: SortableLinkItemProps) {
  const { t } = useLingui();
  const pauseId = useId();
  const { title, clickCount, shortUrl } = link;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: link.id, attributes: { roleDescription: t`sortable` } });
  return (
    <li
      ref={setNodeRef}
      aria-describedby={link.pause ? pauseId : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      // on a phone the buttons go under the text, which keeps the row's whole width
      className={cn(
        'grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2 rounded-xl border border-slate-200 bg-white p-2 sm:grid-cols-[auto_minmax(0,1fr)_auto]',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-brand',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={t`Move ${title}`}
        className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-strong active:cursor-grabbing"
      >
        <GripVertical aria-hidden className="size-5" />
      </button>
      <div className="min-w-0 py-1">
        <p className="font-semibold break-words text-ink">{title}</p>
        <p className="text-sm text-slate-600">
          <UrlText url={link.url} />
        </p>
        <p className="text-xs text-slate-500">
          <Trans>
            Short link: <UrlText url={shortUrl} />
          </Trans>
        </p>
        <p className="text-xs text-slate-500">
          <Plural value={clickCount} one="# click" other="# clicks" />
        </p>
        <LinkStateNote lifecycle={link.lifecycle} />
      </div>
      <div className="col-start-2 flex justify-end sm:col-start-auto">
        <EditLinkDialog link={link} />
        <ChooseCodeDialog link={link} kind="profileLink" title={title} />
        <LinkLifecycleDialog link={link} iconOnly />
        <LinkEnabledButton link={link} iconOnly />
        <DeleteLinkDialog id={link.id} title={title} chosen={link.chosen} />
      </div>
      {link.pause && (
        // below the row, the whole width of it
        <div className="col-span-full">
          <PausedNote
            id={pauseId}
            pause={link.pause}
            kind="profileLink"
            keepLive={
              link.pause === 'over_limit' && swapOut
                ? { kind: 'profileLink', id: link.id, title, swapOut, becomesPrimary: false }
                : null
            }
          />
        </div>
      )}
    </li>
  );
}
