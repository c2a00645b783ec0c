import type { ComponentProps } from 'react';
import { useLingui } from '@lingui/react';
import { INVITABLE_TEAM_ROLES } from '#src/teams.ts';
import { TEAM_ROLE_NAMES } from './team-names.ts';

/** The roles a person can be given (admin or member: ownership is transferred), as a native select. */
export function RoleSelect(props: Omit<ComponentProps<'select'>, 'children'>) {
  const { i18n } = useLingui();
  return (
    <select
      {...props}
      className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink disabled:opacity-50"
    >
      {INVITABLE_TEAM_ROLES.map((role) => (
        <option key={role} value={role}>
          {i18n._(TEAM_ROLE_NAMES[role])}
        </option>
      ))}
    </select>
  );
}
