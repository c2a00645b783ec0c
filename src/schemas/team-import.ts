import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { teamImportRoleOf } from '../team-import.ts';
import type { InvitableTeamRole } from '../teams.ts';
import { singleLineText } from '../text.ts';
import { EmailSchema } from './auth.ts';
import { CardFieldsSchema } from './vcard.ts';

// One row of a team's CSV import: the invitation's address and role (the invitation form's rules) and the
// team card's fields (the card form's own schemas, so a row is held to exactly what the card editor takes).

/** A role cell: blank is null (a new person joins as a member, someone in the team keeps their role). */
const RoleCellSchema = singleLineText().transform((cell, context): InvitableTeamRole | null => {
  if (cell === '') return null;
  const role = teamImportRoleOf(cell);
  if (role === 'member' || role === 'admin') return role;
  context.addIssue({
    code: 'custom',
    message: role === 'owner' ? M.teamImportRoleOwner : M.teamImportRoleInvalid,
  });
  return z.NEVER;
});

export const TeamImportRowSchema = z.object({
  name: CardFieldsSchema.shape.name,
  /** Compared and invited in lower case, as the invitations store addresses. */
  email: EmailSchema.transform((email) => email.toLowerCase()),
  position: CardFieldsSchema.shape.position,
  department: CardFieldsSchema.shape.department,
  workPhone: CardFieldsSchema.shape.workPhone,
  phone: CardFieldsSchema.shape.phone,
  role: RoleCellSchema,
});
export type TeamImportRowInput = z.input<typeof TeamImportRowSchema>;
export type TeamImportRowValues = z.output<typeof TeamImportRowSchema>;
