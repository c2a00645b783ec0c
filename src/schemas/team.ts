import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { INVITABLE_TEAM_ROLES, TEAM_NAME_MAX_LENGTH, teamSlugProblem } from '../teams.ts';
import { singleLineText } from '../text.ts';
import { DOMAIN_MAX_LENGTH } from '../domains.ts';
import { EmailSchema } from './auth.ts';
import { photoPath, VcardFormSchema } from './vcard.ts';

// What the team screens send: one schema for the form and for the server's input.

const SLUG_MESSAGE = {
  required: M.teamSlugRequired,
  format: M.teamSlugFormat,
  lookalike: M.teamSlugLookalike,
} as const;

export const TeamNameSchema = singleLineText()
  .min(1, M.teamNameRequired)
  .max(TEAM_NAME_MAX_LENGTH, M.teamNameTooLong);

export const TeamSlugSchema = singleLineText().superRefine((slug, context) => {
  const problem = teamSlugProblem(slug);
  if (problem) context.addIssue({ code: 'custom', message: SLUG_MESSAGE[problem] });
});

export const CreateTeamSchema = z.object({ name: TeamNameSchema, slug: TeamSlugSchema });
export type CreateTeamInput = z.infer<typeof CreateTeamSchema>;

export const RenameTeamSchema = z.object({ name: TeamNameSchema });
export type RenameTeamInput = z.infer<typeof RenameTeamSchema>;

/** The team's logo: a photo uploaded for the team (its /media/ path), or null for none. */
export const TeamLogoSchema = z.object({ logo: photoPath });
export type TeamLogoInput = z.output<typeof TeamLogoSchema>;

/** White label on or off for the team's cards and e-mails (server/teams/white-label.ts). */
export const TeamWhiteLabelSchema = z.object({ whiteLabel: z.boolean() });
export type TeamWhiteLabelInput = z.output<typeof TeamWhiteLabelSchema>;

/**
 * The address a team's cards' QR codes are printed with: one of the team's verified custom domains, which
 * the service checks; empty: the main address.
 */
export const TeamPrintedDomainSchema = z.object({
  domain: singleLineText()
    .max(DOMAIN_MAX_LENGTH, M.linkDomainUnusable)
    .transform((value) => value.toLowerCase() || null),
});
export type TeamPrintedDomainInput = z.output<typeof TeamPrintedDomainSchema>;

export const InvitableTeamRoleSchema = z.enum(INVITABLE_TEAM_ROLES);

export const InviteMemberSchema = z.object({ email: EmailSchema, role: InvitableTeamRoleSchema });
export type InviteMemberInput = z.infer<typeof InviteMemberSchema>;

const IdSchema = singleLineText().min(1).max(100);

export const InvitationIdSchema = z.object({ invitationId: IdSchema });
export type InvitationIdInput = z.infer<typeof InvitationIdSchema>;

export const MemberIdSchema = z.object({ memberId: IdSchema });
export type MemberIdInput = z.infer<typeof MemberIdSchema>;

export const ChangeMemberRoleSchema = z.object({ memberId: IdSchema, role: InvitableTeamRoleSchema });
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleSchema>;

/** A page of the team's audit log: the entries before the oldest one shown so far (its id). */
export const TeamEventsPageSchema = z.object({ before: IdSchema.optional() });
export type TeamEventsPageInput = z.infer<typeof TeamEventsPageSchema>;

/** Whom a team card is for: a member, or someone invited who has not joined yet. */
const TeamCardHolderSchema = z
  .object({ userId: IdSchema.optional(), invitationId: IdSchema.optional() })
  // exactly one of them: the screens always send one (a choice between members and invitations)
  .refine(({ userId, invitationId }) => (userId === undefined) !== (invitationId === undefined), {
    message: M.invalid,
  });

/** An admin's new team card: its holder and the card's fields, as the vCard form has them. */
export const CreateTeamCardSchema = z.object({
  holder: TeamCardHolderSchema,
  card: VcardFormSchema.omit({ baseVersion: true }),
});
export type CreateTeamCardInput = z.output<typeof CreateTeamCardSchema>;

/** A team card handed to another member, or to nobody for now (userId null). */
export const AssignTeamCardSchema = z.object({ vcardId: z.uuid(), userId: IdSchema.nullable() });
export type AssignTeamCardInput = z.output<typeof AssignTeamCardSchema>;

/** A team card made public before its person joins (it was a draft: docs/decisions/021-teams.md). */
export const PublishTeamCardSchema = z.object({ vcardId: z.uuid() });
export type PublishTeamCardInput = z.output<typeof PublishTeamCardSchema>;

/** A team card paused (its page and printed QR code answer 'Paused') or live again. */
export const SetTeamCardPausedSchema = z.object({ vcardId: z.uuid(), paused: z.boolean() });
export type SetTeamCardPausedInput = z.output<typeof SetTeamCardPausedSchema>;
