import { LinkIdSchema } from '../../src/schemas/link.ts';
import { SaveQrDesignSchema } from '../../src/schemas/qr-design.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { resetQrDesign, saveQrDesign } from './service.ts';

// Design writes are part of customBranding (Pro+): a lower plan is refused before the input is read.
const designProcedure = authedProcedure.meta({ feature: 'customBranding' });

export const qrStudioRouter = router({
  saveDesign: designProcedure
    .input(SaveQrDesignSchema)
    .mutation(({ ctx, input }) => saveQrDesign(ctx, input)),
  resetDesign: designProcedure.input(LinkIdSchema).mutation(({ ctx, input }) => resetQrDesign(ctx, input.id)),
});
