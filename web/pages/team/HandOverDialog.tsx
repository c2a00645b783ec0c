import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRightLeft } from 'lucide-react';
import { FormActions } from '../../components/form/FormActions.tsx';
import { Label } from '../../components/ui/Label.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { UserText } from '../../components/UserText.tsx';
import { trpc } from '../../lib/trpc.ts';
import type { Team, TeamCard } from './types.ts';
import { useTeamAction } from './use-team-action.ts';

/** The choice of nobody: the card stays live, for no one, until it is handed on. */
const NOBODY = '';

function HandOverForm({ team, card, onDone }: { team: Team; card: TeamCard; onDone: () => void }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const assign = trpc.teams.assignCard.useMutation();
  const selectId = useId();
  const currentHolder = card.member?.userId ?? null;
  const candidates = team.members.filter((member) => member.userId !== currentHolder);
  const [choice, setChoice] = useState(candidates[0]?.userId ?? NOBODY);
  const [pending, setPending] = useState(false);
  const cardName = card.name;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const successor = team.members.find((member) => member.userId === choice);
    const successorName = successor?.name ?? '';
    setPending(true);
    const done = await act({
      run: () => assign.mutateAsync({ vcardId: card.id, userId: successor?.userId ?? null }),
      failureTitle: t`The card was not handed over`,
      success: successor
        ? {
            title: t`Card handed over`,
            description: t`${cardName} is now for ${successorName}. Its page still shows what it showed: edit its details for them.`,
          }
        : {
            title: t`Card handed back`,
            description: t`${cardName} is live, for nobody, until you hand it on.`,
          },
    });
    setPending(false);
    if (done) onDone();
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={selectId}>
          <Trans>Hand the card to</Trans>
        </Label>
        <select
          id={selectId}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink"
        >
          {candidates.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name} ({member.email})
            </option>
          ))}
          <option value={NOBODY}>{t`Nobody for now`}</option>
        </select>
      </div>
      <FormActions
        submitLabel={<Trans>Hand over</Trans>}
        busy={pending}
        busyLabel={<Trans>Handing over...</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
    </form>
  );
}

/**
 * An admin hands a team card to another member (offboarding: its address, printed QR code and counts
 * stay, and now open the successor's card), or to nobody for now.
 */
export function HandOverDialog({ team, card }: { team: Team; card: TeamCard }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const cardName = card.name;
  const name = <UserText>{cardName}</UserText>;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t`Hand over ${cardName}`}>
          <ArrowRightLeft aria-hidden />
          <Trans>Hand over</Trans>
        </Button>
      </DialogTrigger>
      {open && (
        <FormDialog
          title={<Trans>Hand over {name}</Trans>}
          description={
            <Trans>
              The card keeps its address, its printed QR code and its counts: from now on they are the new
              person's. Edit its details for them afterwards.
            </Trans>
          }
        >
          <HandOverForm team={team} card={card} onDone={() => setOpen(false)} />
        </FormDialog>
      )}
    </Dialog>
  );
}
