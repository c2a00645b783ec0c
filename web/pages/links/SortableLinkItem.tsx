import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Plural, useLingui } from '@lingui/react/macro';
import { GripVertical } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { DeleteLinkDialog } from './DeleteLinkDialog.tsx';
import type { ProfileLinkRow } from './types.ts';

/** One row of the links list: a drag handle (mouse, touch or keyboard), the link, and its delete button. */
export function SortableLinkItem({ link }: { link: ProfileLinkRow }) {
  const { t } = useLingui();
  const { title, clickCount } = link;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: link.id, attributes: { roleDescription: t`sortable` } });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-2',
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
      <div className="min-w-0 flex-1 py-1">
        <p className="font-semibold break-words text-ink">{title}</p>
        <p className="text-sm break-all text-slate-600">{link.url}</p>
        <p className="text-xs text-slate-500">
          <Plural value={clickCount} one="# click" other="# clicks" />
        </p>
      </div>
      <DeleteLinkDialog id={link.id} title={title} />
    </li>
  );
}
