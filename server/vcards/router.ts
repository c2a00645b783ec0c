import { UpdateVcardSchema, VcardFormSchema, VcardIdSchema } from '../../src/schemas/vcard.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { createVcard, deleteVcard, getVcard, listVcards, setPrimaryVcard, updateVcard } from './service.ts';

export const vcardsRouter = router({
  list: authedProcedure.query(({ ctx }) => listVcards(ctx)),
  get: authedProcedure.input(VcardIdSchema).query(({ ctx, input }) => getVcard(ctx, input.id)),
  create: authedProcedure.input(VcardFormSchema).mutation(({ ctx, input }) => createVcard(ctx, input)),
  update: authedProcedure
    .meta({ edits: 'vcard' })
    .input(UpdateVcardSchema)
    .mutation(({ ctx, input }) => updateVcard(ctx, input)),
  delete: authedProcedure.input(VcardIdSchema).mutation(({ ctx, input }) => deleteVcard(ctx, input.id)),
  setPrimary: authedProcedure
    .input(VcardIdSchema)
    .mutation(({ ctx, input }) => setPrimaryVcard(ctx, input.id)),
});
