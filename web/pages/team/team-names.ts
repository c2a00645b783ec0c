import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TeamRole } from '#src/teams.ts';

/** A team role's name, as the team page and the invitation say it. */
export const TEAM_ROLE_NAMES: Record<TeamRole, MessageDescriptor> = {
  owner: msg`Owner`,
  admin: msg`Admin`,
  member: msg`Member`,
};
