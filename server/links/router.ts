import {
  ChooseLinkCodeSchema,
  LinkEnabledSchema,
  LinkIdSchema,
  LinkLifecycleSchema,
  ProfileLinkFormSchema,
  QrCodeFormSchema,
  ReorderLinksSchema,
  UpdateProfileLinkSchema,
  UpdateQrCodeSchema,
} from '../../src/schemas/link.ts';
import { authedProcedure, router } from '../trpc/init.ts';
import {
  chooseLinkCode,
  createProfileLink,
  createQrCode,
  deleteLink,
  listProfileLinks,
  listQrCodes,
  reorderProfileLinks,
  updateProfileLink,
  updateQrCode,
} from './service.ts';
import { setLinkEnabled, setLinkLifecycle } from './lifecycle.ts';

export const linksRouter = router({
  qrCodes: authedProcedure.query(({ ctx }) => listQrCodes(ctx)),
  createQrCode: authedProcedure
    .input(QrCodeFormSchema)
    .mutation(({ ctx, input }) => createQrCode(ctx, input)),
  updateQrCode: authedProcedure
    .meta({ edits: 'link' })
    .input(UpdateQrCodeSchema)
    .mutation(({ ctx, input }) => updateQrCode(ctx, input)),
  chooseCode: authedProcedure
    .meta({ feature: 'customLinks' })
    .input(ChooseLinkCodeSchema)
    .mutation(({ ctx, input }) => chooseLinkCode(ctx, input)),
  profileLinks: authedProcedure.query(({ ctx }) => listProfileLinks(ctx)),
  createProfileLink: authedProcedure
    .input(ProfileLinkFormSchema)
    .mutation(({ ctx, input }) => createProfileLink(ctx, input)),
  updateProfileLink: authedProcedure
    .meta({ edits: 'link' })
    .input(UpdateProfileLinkSchema)
    .mutation(({ ctx, input }) => updateProfileLink(ctx, input)),
  reorderProfileLinks: authedProcedure
    .input(ReorderLinksSchema)
    .mutation(({ ctx, input }) => reorderProfileLinks(ctx, input)),
  setLifecycle: authedProcedure
    .meta({ edits: 'link' })
    .input(LinkLifecycleSchema)
    .mutation(({ ctx, input }) => setLinkLifecycle(ctx, input)),
  setEnabled: authedProcedure
    .input(LinkEnabledSchema)
    .mutation(({ ctx, input }) => setLinkEnabled(ctx, input)),
  delete: authedProcedure.input(LinkIdSchema).mutation(({ ctx, input }) => deleteLink(ctx, input.id)),
});
