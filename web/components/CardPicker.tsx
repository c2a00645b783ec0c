import type { ReactNode } from 'react';

interface CardPickerProps {
  id: string;
  label: ReactNode;
  cards: readonly { id: string; name: string }[];
  value: string;
  onChange: (id: string) => void;
}

/** Which of several cards a screen works on (the design page, the signature and background page). */
export function CardPicker({ id, label, cards, value, onChange }: CardPickerProps) {
  return (
    <div className="max-w-sm space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink"
      >
        {cards.map((card) => (
          <option key={card.id} value={card.id}>
            {card.name}
          </option>
        ))}
      </select>
    </div>
  );
}
