import { UpdateVcardSchema, VcardFormSchema, VcardIdSchema } from '../../src/schemas/vcard.ts';
import { cardAccount } from '../access/team-access.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import {
  createVcard,
  deleteVcard,
  getEditedVcard,
  listVcards,
  setPrimaryVcard,
  updateVcard,
} from './service.ts';

export const vcardsRouter = router({
  list: authedProcedure.query(({ ctx }) => listVcards(ctx)),
  // a card of one's own, or a team's card one's role may touch (server/access/team-access.ts)
  get: authedProcedure
    .input(VcardIdSchema)
    .query(async ({ ctx, input }) =>
      getEditedVcard(ctx, await cardAccount(ctx.db, ctx.user.id, input.id, 'edit'), input.id),
    ),
  create: authedProcedure.input(VcardFormSchema).mutation(({ ctx, input }) => createVcard(ctx, input)),
  update: authedProcedure
    .meta({ edits: 'vcard' })
    .input(UpdateVcardSchema)
    .mutation(async ({ ctx, input }) =>
      updateVcard(ctx, await cardAccount(ctx.db, ctx.user.id, input.id, 'edit'), input),
    ),
  delete: authedProcedure
    .input(VcardIdSchema)
    .mutation(async ({ ctx, input }) =>
      deleteVcard(ctx, await cardAccount(ctx.db, ctx.user.id, input.id, 'manage'), input.id),
    ),
  setPrimary: authedProcedure
    .input(VcardIdSchema)
    .mutation(({ ctx, input }) => setPrimaryVcard(ctx, input.id)),
});
