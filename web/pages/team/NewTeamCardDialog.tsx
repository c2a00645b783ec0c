import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import type { VcardFormValues } from '#src/schemas/vcard.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '../../components/ui/Dialog.tsx';
import { FormDialog, FormDialogCancel } from '../../components/ui/FormDialog.tsx';
import { Label } from '../../components/ui/Label.tsx';
import { UserText } from '../../components/UserText.tsx';
import { useNewVcardValues } from '../vcards/use-new-vcard-values.ts';
import { VcardForm } from '../vcards/VcardForm.tsx';
import { holderChoice, holdersWithoutCard, type TeamCardHolder } from './team-card-holders.ts';
import type { Team, TeamCard } from './types.ts';
import { useCreateTeamCard } from './use-create-team-card.ts';

/** Whom the new card is for, as chosen: its holder, and the name and address the card starts with. */
interface ChosenHolder {
  holder: TeamCardHolder;
  label: string;
  name: string;
  email: string;
}

/** Step 1: a member without a card, or someone invited who has not joined yet. */
function HolderStep({
  team,
  cards,
  initial,
  onChosen,
}: {
  team: Team;
  cards: readonly TeamCard[];
  initial: ChosenHolder | null;
  onChosen: (chosen: ChosenHolder) => void;
}) {
  const { t } = useLingui();
  const selectId = useId();
  const { members, invitations } = holdersWithoutCard(team, cards);
  const options: ChosenHolder[] = [
    ...members.map((member) => ({
      holder: { userId: member.userId },
      label: `${member.name} (${member.email})`,
      name: member.name,
      email: member.email,
    })),
    ...invitations.map((invitation) => ({
      holder: { invitationId: invitation.id },
      label: invitation.email,
      name: '',
      email: invitation.email,
    })),
  ];
  const [choice, setChoice] = useState(() => {
    const first = initial ?? options[0];
    return first ? holderChoice(first.holder) : '';
  });
  if (options.length === 0) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          <Trans>
            Every member already has a card, and no invitation is waiting for one. Invite someone first: you
            can make their card before they join.
          </Trans>
        </p>
        <div className="flex justify-end">
          <FormDialogCancel />
        </div>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = options.find((option) => holderChoice(option.holder) === choice);
    if (chosen) onChosen(chosen);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={selectId}>
          <Trans>The card is for</Trans>
        </Label>
        <select
          id={selectId}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink"
        >
          {members.length > 0 && (
            <optgroup label={t`Members without a card`}>
              {options
                .filter((option) => 'userId' in option.holder)
                .map((option) => (
                  <option key={holderChoice(option.holder)} value={holderChoice(option.holder)}>
                    {option.label}
                  </option>
                ))}
            </optgroup>
          )}
          {invitations.length > 0 && (
            <optgroup label={t`Invited, not joined yet`}>
              {options
                .filter((option) => 'invitationId' in option.holder)
                .map((option) => (
                  <option key={holderChoice(option.holder)} value={holderChoice(option.holder)}>
                    {option.label}
                  </option>
                ))}
            </optgroup>
          )}
        </select>
      </div>
      <FormActions
        submitLabel={<Trans>Continue</Trans>}
        busy={false}
        busyLabel={<Trans>Continue</Trans>}
        secondaryAction={<FormDialogCancel />}
      />
    </form>
  );
}

/** Step 2: the card's fields, starting from the person's name and address. */
function CardStep({
  chosen,
  newValues,
  onBack,
  onCreated,
}: {
  chosen: ChosenHolder;
  newValues: VcardFormValues;
  onBack: () => void;
  onCreated: () => void;
}) {
  const create = useCreateTeamCard();
  const step = useRef<HTMLDivElement>(null);
  // the step's Continue button that had the focus is gone: the card starts at its name
  useEffect(() => {
    step.current?.querySelector<HTMLElement>('[name="name"]')?.focus();
  }, []);
  const label = <UserText>{chosen.label}</UserText>;
  return (
    <div ref={step} className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="min-w-0 break-words">
          <Trans>For {label}</Trans>
        </span>
        <Button variant="ghost" size="sm" onClick={onBack}>
          <Trans>Choose someone else</Trans>
        </Button>
      </p>
      {'invitationId' in chosen.holder && (
        <p className="text-sm text-slate-700">
          <Trans>
            The card is a draft until they join: its page, QR code and contact file open then, or when an
            admin publishes it.
          </Trans>
        </p>
      )}
      <VcardForm
        initialValues={{ ...newValues, name: chosen.name, email: chosen.email }}
        publicUrl={null}
        submitLabel={<Trans>Create card</Trans>}
        photoFor={{ team: true }}
        onSave={async (values) => {
          const result = await create(chosen.holder, values);
          if (result.ok) onCreated();
          return result;
        }}
        secondaryAction={<FormDialogCancel />}
      />
    </div>
  );
}

/**
 * New card: an admin chooses whom it is for (a member without a card, or a pending invitation), then
 * fills in the card. Its photo is uploaded for the team, whose card it is.
 */
export function NewTeamCardDialog({ team, cards }: { team: Team; cards: readonly TeamCard[] }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ChosenHolder | null>(null);
  const [step, setStep] = useState<'holder' | 'card'>('holder');
  const newValues = useNewVcardValues();
  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setChosen(null);
      setStep('holder');
    }
  };
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          <Trans>New card</Trans>
        </Button>
      </DialogTrigger>
      {open && (
        <FormDialog
          title={<Trans>New team card</Trans>}
          description={
            <Trans>
              Choose whom it is for, then fill in the card. Its page and QR code belong to the team.
            </Trans>
          }
          layout={step === 'card' ? 'wide' : 'box'}
        >
          {step === 'card' && chosen ? (
            newValues ? (
              <CardStep
                chosen={chosen}
                newValues={newValues}
                onBack={() => setStep('holder')}
                onCreated={() => setOpen(false)}
              />
            ) : (
              <p role="status" className="py-10 text-center text-slate-700">
                <Trans>Loading...</Trans>
              </p>
            )
          ) : (
            <HolderStep
              team={team}
              cards={cards}
              initial={chosen}
              onChosen={(holder) => {
                setChosen(holder);
                setStep('card');
              }}
            />
          )}
        </FormDialog>
      )}
    </Dialog>
  );
}
