import { ResetQrDesignSchema, SaveQrDesignSchema } from '../../src/schemas/qr-design.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import { resetQrDesign, saveQrDesign } from './service.ts';

// Design writes are part of customBranding (Pro+): a lower plan is refused before the input is read. Each
// edits a QR code's link from the version the studio showed.
const designProcedure = authedProcedure.meta({ feature: 'customBranding', edits: 'link' });

export const qrStudioRouter = router({
  saveDesign: designProcedure
    .input(SaveQrDesignSchema)
    .mutation(({ ctx, input }) => saveQrDesign(ctx, input)),
  resetDesign: designProcedure
    .input(ResetQrDesignSchema)
    .mutation(({ ctx, input }) => resetQrDesign(ctx, input)),
});
