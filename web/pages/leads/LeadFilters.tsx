import { Trans, useLingui } from '@lingui/react/macro';
import { LEAD_SEARCH_MAX_LENGTH } from '#src/schemas/lead-list.ts';
import { Input } from '../../components/ui/Input.tsx';
import { Label } from '../../components/ui/Label.tsx';
import { trpc } from '../../lib/trpc.ts';

export interface LeadFilterValues {
  search: string;
  vcardId: string;
  from: string;
  to: string;
}

export const NO_FILTER: LeadFilterValues = { search: '', vcardId: '', from: '', to: '' };

/** Search, card and days of the leads list; each change applies at once. */
export function LeadFilters({
  value,
  onChange,
}: {
  value: LeadFilterValues;
  onChange: (value: LeadFilterValues) => void;
}) {
  const { t } = useLingui();
  const cards = trpc.vcards.list.useQuery();
  const set = (field: keyof LeadFilterValues) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value });
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
          onChange={set('search')}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="lead-card">
          <Trans>Card</Trans>
        </Label>
        <select
          id="lead-card"
          value={value.vcardId}
          onChange={set('vcardId')}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink"
        >
          <option value="">{t`All cards`}</option>
          {cards.data?.vcards.map((card) => (
            <option key={card.id} value={card.id}>
              {card.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-2">
        <div className="space-y-1">
          <Label htmlFor="lead-from">
            <Trans>From</Trans>
          </Label>
          <Input
            id="lead-from"
            type="date"
            value={value.from}
            max={value.to || undefined}
            onChange={set('from')}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="lead-to">
            <Trans>To</Trans>
          </Label>
          <Input
            id="lead-to"
            type="date"
            value={value.to}
            min={value.from || undefined}
            onChange={set('to')}
          />
        </div>
      </div>
    </div>
  );
}
