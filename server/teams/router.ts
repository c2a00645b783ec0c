import {
  AssignTeamCardSchema,
  CreateTeamCardSchema,
  InvitationIdSchema,
  MemberIdSchema,
  PublishTeamCardSchema,
  SetTeamCardPausedSchema,
  TeamEventsPageSchema,
  TeamLogoSchema,
  TeamPrintedDomainSchema,
  TeamWhiteLabelSchema,
} from '../../src/schemas/team.ts';
import { SaveTeamTemplateSchema } from '../../src/schemas/team-template.ts';
import { authedProcedure, publicProcedure, router } from '../trpc/init.ts';
import { actingTeam } from '../access/team-access.ts';
import { teamEvents } from '../team-records/audit.ts';
import { setTeamCardPaused } from './card-pause.ts';
import { assignTeamCard, createTeamCard, myTeamCards, publishTeamCard, teamCards } from './cards.ts';
import { setTeamLogo } from './logo.ts';
import { setTeamPrintedDomain } from './printed-domain.ts';
import { invitationPreview, myTeam, transferOwnership } from './service.ts';
import { teamTemplate } from '../team-records/template.ts';
import { saveTeamTemplate } from './template-edit.ts';
import { setTeamWhiteLabel } from './white-label.ts';

// What the organization plugin's own endpoints (/api/auth/organization/*) lack: the team page's view, an
// invitation's page before sign-in, a transfer of ownership that never leaves a team without an owner, and
// the team's audit log.
export const teamsRouter = router({
  mine: authedProcedure.query(({ ctx }) => myTeam(ctx)),
  invitation: publicProcedure
    .input(InvitationIdSchema)
    .query(({ ctx, input }) => invitationPreview(ctx, input.invitationId, ctx.user)),
  transferOwnership: authedProcedure
    .meta({ teamRole: 'owner' })
    .input(MemberIdSchema)
    .mutation(({ ctx, input }) => transferOwnership(ctx, actingTeam(ctx), input)),
  events: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(TeamEventsPageSchema)
    .query(({ ctx, input }) => teamEvents(ctx, actingTeam(ctx), input)),
  // the team's cards (server/teams/cards.ts): all of them for its admins, a member's own for them
  cards: authedProcedure.meta({ teamRole: 'admin' }).query(({ ctx }) => teamCards(ctx, actingTeam(ctx))),
  myCards: authedProcedure.meta({ teamRole: 'member' }).query(({ ctx }) => myTeamCards(ctx, actingTeam(ctx))),
  createCard: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(CreateTeamCardSchema)
    .mutation(({ ctx, input }) => createTeamCard(ctx, actingTeam(ctx), input)),
  assignCard: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(AssignTeamCardSchema)
    .mutation(({ ctx, input }) => assignTeamCard(ctx, actingTeam(ctx), input)),
  publishCard: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(PublishTeamCardSchema)
    .mutation(({ ctx, input }) => publishTeamCard(ctx, actingTeam(ctx), input)),
  setCardPaused: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(SetTeamCardPausedSchema)
    .mutation(({ ctx, input }) => setTeamCardPaused(ctx, actingTeam(ctx), input)),
  // the team's logo (server/teams/logo.ts): the plugin's update leaves it alone
  setLogo: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(TeamLogoSchema)
    .mutation(({ ctx, input }) => setTeamLogo(ctx, actingTeam(ctx), input)),
  // white label for the team's cards and e-mails (server/teams/white-label.ts): its owner and admins
  setWhiteLabel: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(TeamWhiteLabelSchema)
    .mutation(({ ctx, input }) => setTeamWhiteLabel(ctx, actingTeam(ctx), input)),
  // the address its cards' QR codes are printed with (server/teams/printed-domain.ts): its owner and admins
  setPrintedDomain: authedProcedure
    .meta({ teamRole: 'admin' })
    .input(TeamPrintedDomainSchema)
    .mutation(({ ctx, input }) => setTeamPrintedDomain(ctx, actingTeam(ctx), input)),
  // the team's template (server/team-records/template.ts): every member reads it (their card's locked fields),
  // its owner and admins change it
  template: authedProcedure
    .meta({ teamRole: 'member' })
    .query(({ ctx }) => teamTemplate(ctx, actingTeam(ctx))),
  saveTemplate: authedProcedure
    .meta({ teamRole: 'admin', edits: 'template' })
    .input(SaveTeamTemplateSchema)
    .mutation(({ ctx, input }) => saveTeamTemplate(ctx, actingTeam(ctx), input)),
});
