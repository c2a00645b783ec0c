import { z } from 'zod';
import { isChosenNameShape, readsAsOtherWords } from './username.ts';

// Teams (docs/decisions/021-teams.md): better-auth's organization with three roles. One person belongs to one
// team at most; the team's plan is its owner's.

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The roles an admin or owner gives when inviting or changing a member (ownership is transferred). */
export const INVITABLE_TEAM_ROLES = ['admin', 'member'] as const satisfies readonly TeamRole[];
export type InvitableTeamRole = (typeof INVITABLE_TEAM_ROLES)[number];

/** What each role may do includes everything the roles below it may do. */
export const TEAM_ROLE_RANK: Record<TeamRole, number> = { member: 0, admin: 1, owner: 2 };

export function hasTeamRole(role: TeamRole, required: TeamRole): boolean {
  return TEAM_ROLE_RANK[role] >= TEAM_ROLE_RANK[required];
}

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

/**
 * Whose account a thing belongs to, as the API keys' and webhooks' procedures take it: the signed-in
 * person's own (`user`), or their team's (`team`: handled by the team's owner and admins; it belongs to the
 * team's account and outlives whoever made it).
 */
export const ACCOUNT_OWNERS = ['user', 'team'] as const;
export type AccountOwner = (typeof ACCOUNT_OWNERS)[number];
export const AccountOwnerSchema = z.enum(ACCOUNT_OWNERS).default('user');

export const TEAM_INVITATION_STATUSES = ['pending', 'accepted', 'rejected', 'canceled'] as const;
export type TeamInvitationStatus = (typeof TEAM_INVITATION_STATUSES)[number];

/** What an invitation's link finds: its stored status, or `expired` for a pending one past its end. */
export type TeamInvitationState = TeamInvitationStatus | 'expired';

/** An invitation's link works this many days (the plugin's default is 48 hours: too short for a rollout). */
export const TEAM_INVITATION_DAYS = 7;

/**
 * Invitation e-mails one address gets in 24 hours, from every team together (an invitation and its
 * resends): past it, inviting or resending to it is refused, so an invitation is never a mail cannon.
 */
export const INVITATION_MAILS_PER_ADDRESS_PER_DAY = 6;

/** A team's members and pending invitations together: far above a real company's rollout. */
export const TEAM_MEMBERS_MAX = 5000;

export const TEAM_NAME_MAX_LENGTH = 80;

/** A team's slug follows the shape of a chosen username: 3-30 lowercase letters, digits and hyphens. */
export function teamSlugProblem(slug: string): 'required' | 'format' | 'lookalike' | null {
  if (slug === '') return 'required';
  if (!isChosenNameShape(slug)) return 'format';
  if (readsAsOtherWords(slug)) return 'lookalike';
  return null;
}

/** A slug suggested from the team's name: "Acme Studio, S.L." becomes "acme-studio-s-l". */
export function suggestTeamSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
}

export function teamInvitationState(
  invitation: { status: TeamInvitationStatus; expires_at: Date },
  now: Date,
): TeamInvitationState {
  if (invitation.status === 'pending' && invitation.expires_at.getTime() <= now.getTime()) return 'expired';
  return invitation.status;
}

/** What a team's audit log records (the client names each one). */
export const TEAM_EVENT_ACTIONS = [
  'team_created',
  'team_renamed',
  'member_invited',
  'invitation_resent',
  'invitation_withdrawn',
  'invitation_accepted',
  'invitation_declined',
  'member_role_changed',
  'member_removed',
  'member_left',
  'ownership_transferred',
  'card_created',
  'card_handed_over',
  'card_unassigned',
  'logo_changed',
  'logo_removed',
  // the team's template (src/team-template.ts): the subject names the fields changed, or the field
  'template_changed',
  'template_field_locked',
  'template_field_unlocked',
  /** a team card's fields saved by an admin or its member (the subject names the card and its member) */
  'card_edited',
  /** a team card deleted by an admin (the subject names the card and its member) */
  'card_deleted',
  /** a CSV import: its subject holds the counts of its rows (src/team-import.ts teamImportEventSubject) */
  'members_imported',
  /** a team card paused or resumed by an admin (the subject names the card and its member) */
  'card_paused',
  'card_resumed',
  /** a draft team card made public by an admin before its person joined (the subject names the card) */
  'card_published',
  /** the address the team's QR codes are printed with changed (the subject: the domain, or the main host) */
  'printed_domain_changed',
  // company sign-in (docs/decisions/028-company-sign-in.md): the subject is the domain, or the issuer
  'sso_domain_set',
  'sso_provider_saved',
  'sso_provider_removed',
  'sso_required_on',
  'sso_required_off',
  /** a first sign-in through the team's provider joined the team (actor and subject: the person) */
  'member_joined_by_sso',
] as const;
export type TeamEventAction = (typeof TEAM_EVENT_ACTIONS)[number];

/** A team's audit log keeps this many months; the nightly clean-up removes older entries. */
export const TEAM_EVENTS_KEPT_MONTHS = 12;
/** The same in days, as the clean-up counts: 365 for 12 months. */
export const TEAM_EVENTS_KEPT_DAYS = Math.round((TEAM_EVENTS_KEPT_MONTHS * 365) / 12);

/** Entries one page of the audit log shows. */
export const TEAM_EVENTS_PAGE_SIZE = 50;
