import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DELETED_CARDS, LEAD_SEARCH_MAX_LENGTH } from '#src/schemas/lead-list.ts';
import { Input } from '../../components/ui/Input.tsx';
import { Label } from '../../components/ui/Label.tsx';
import { useLeadProcedures } from './lead-scope.ts';

export interface LeadFilterValues {
  search: string;
  /** '' for every card, a card's id, or DELETED_CARDS. */
  vcardId: string;
  from: string;
  to: string;
}

export const NO_FILTER: LeadFilterValues = { search: '', vcardId: '', from: '', to: '' };

/** One end of the days filter: a date box, kept on its side of the other end. */
function DayInput({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Search, card and days of the leads list; each change applies at once. */
export function LeadFilters({
  value,
  onChange,
}: {
  value: LeadFilterValues;
  onChange: (value: LeadFilterValues) => void;
}) {
  const { t } = useLingui();
  const cards = useLeadProcedures().cards.useQuery();
  const set = (field: keyof LeadFilterValues) => (fieldValue: string) =>
    onChange({ ...value, [field]: fieldValue });
  return (
    <div role="search" aria-label={t`Filter leads`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="space-y-1 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="lead-search">
          <Trans>Search</Trans>
        </Label>
        <Input
          id="lead-search"
          type="search"
          value={value.search}
          maxLength={LEAD_SEARCH_MAX_LENGTH}
          placeholder={t`Name, email, phone, company or note`}
          onChange={(event) => set('search')(event.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="lead-card">
          <Trans>Card</Trans>
        </Label>
        <select
          id="lead-card"
          value={value.vcardId}
          onChange={(event) => set('vcardId')(event.target.value)}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink"
        >
          <option value="">{t`All cards`}</option>
          {cards.data?.cards.map((card) => (
            <option key={card.id} value={card.id}>
              {card.name}
            </option>
          ))}
          {(cards.data?.deletedCards || value.vcardId === DELETED_CARDS) && (
            <option value={DELETED_CARDS}>{t`Deleted cards`}</option>
          )}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-2">
        <DayInput
          id="lead-from"
          label={<Trans>From</Trans>}
          value={value.from}
          max={value.to}
          onChange={set('from')}
        />
        <DayInput
          id="lead-to"
          label={<Trans>To</Trans>}
          value={value.to}
          min={value.from}
          onChange={set('to')}
        />
      </div>
    </div>
  );
}
