import { Trans } from '@lingui/react/macro';
import { Contact, Plus } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';

/** My vCards before the first card: what a vCard is for, and the way to make one. */
export function EmptyVcards({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Contact aria-hidden className="size-10 text-brand-strong" />
      <div className="space-y-1">
        <h2 className="text-lg font-semibold text-ink">
          <Trans>No vCards yet</Trans>
        </h2>
        <p className="max-w-md text-sm text-slate-700">
          <Trans>
            Create your digital business card: people scan its QR code or open its page and save your contact
            in one tap.
          </Trans>
        </p>
      </div>
      <Button onClick={onCreate}>
        <Plus aria-hidden />
        <Trans>Create your first vCard</Trans>
      </Button>
    </div>
  );
}
