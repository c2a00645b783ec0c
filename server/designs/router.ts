import { SaveCardDesignSchema } from '../../src/schemas/card-design.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { saveCardDesign } from './service.ts';

export const designsRouter = router({
  save: authedProcedure
    .meta({ feature: 'customBranding', edits: 'vcard' })
    .input(SaveCardDesignSchema)
    .mutation(({ ctx, input }) => saveCardDesign(ctx, input)),
});
