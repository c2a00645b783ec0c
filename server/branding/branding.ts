import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { can, type PlanId } from '../../src/plans.ts';
import { storedTeamTemplate } from '../../src/schemas/team-template.ts';
import { planInEffectOf } from '../access/plan-gate.ts';

// White label (docs/decisions/015-what-each-plan-feature-is.md, feature whiteLabel): no Tapcard name on the
// public pages, error pages and e-mails sent for a customer's team or domain; the customer's name and logo
// stand in. This is the one place that decides whose brand a public surface or an e-mail carries: every
// surface reads its answer.

/**
 * Tapcard's own brand, or the customer's that stands in for it. Tapcard's on a plan with adFree keeps the
 * name but shows no 'Made with Tapcard' footer or link to the landing page, on its pages and error pages alike.
 */
export type Branding =
  { kind: 'tapcard'; adFree?: true } | { kind: 'customer'; name: string; logo: string | null };

export const TAPCARD_BRANDING: Branding = Object.freeze({ kind: 'tapcard' });
const TAPCARD_AD_FREE_BRANDING: Branding = Object.freeze({ kind: 'tapcard', adFree: true });

/** Tapcard's brand as a plan shows it: without its footer on a plan with adFree (Pro, Business). */
export function tapcardBrandingFor(plan: PlanId): Branding {
  return can(plan, 'adFree') ? TAPCARD_AD_FREE_BRANDING : TAPCARD_BRANDING;
}

/** The account a surface is made for, as the branding decision needs it. */
export interface BrandOwner {
  /** The team's name, or the person's. */
  name: string;
  /** A /media/ path (the team template's logo, or the card design's), or null. */
  logo: string | null;
  /** A team whose owner or an admin turned white label on; false for a person's account. */
  teamWhiteLabel: boolean;
}

/**
 * The customer's brand when the plan in effect has whiteLabel and the surface is served on the account's
 * verified custom domain or made for a team with white label on; Tapcard's otherwise (tapcardBrandingFor).
 */
export function brandingFor(plan: PlanId, owner: BrandOwner, onCustomDomain: boolean): Branding {
  if (!can(plan, 'whiteLabel') || !(onCustomDomain || owner.teamWhiteLabel)) return tapcardBrandingFor(plan);
  return { kind: 'customer', name: owner.name.trim(), logo: owner.logo };
}

/**
 * The brand of what a team sends (its e-mails): the team's name and its template's logo (else its own),
 * on its owner's plan in effect (a team's plan is its owner's, server/access/plan-gate.ts).
 */
export async function teamBranding(db: Kysely<Database>, teamId: string): Promise<Branding> {
  const team = await db
    .selectFrom('teams')
    .leftJoin('team_templates', 'team_templates.team_id', 'teams.id')
    .innerJoin('team_members', (join) =>
      join.onRef('team_members.team_id', '=', 'teams.id').on('team_members.role', '=', 'owner'),
    )
    .select([
      'teams.name',
      'teams.logo',
      'teams.white_label',
      'team_templates.fields',
      'team_templates.locked',
      'team_members.user_id',
    ])
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
  if (!team?.white_label) return TAPCARD_BRANDING;
  const plan = await planInEffectOf({ db }, team.user_id);
  const templateLogo = team.fields === null ? null : storedTeamTemplate(team.fields, team.locked).values.logo;
  return brandingFor(plan, { name: team.name, logo: templateLogo ?? team.logo, teamWhiteLabel: true }, false);
}

/** The brand as an e-mail shows it: its logo as an absolute URL on this server (`publicUrl`). */
export function inMail(branding: Branding, publicUrl: string): Branding {
  return branding.kind === 'customer' && branding.logo
    ? { ...branding, logo: publicUrl + branding.logo }
    : branding;
}
