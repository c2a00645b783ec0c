import { Trans, useLingui } from '@lingui/react/macro';
import { ProfilePhotoHint } from '../../components/card/ProfilePhotoHint.tsx';
import { PhotoInput } from '../../components/photo/PhotoInput.tsx';
import { trpcErrorMessage } from '../../lib/error-messages.ts';
import { toast } from '../../lib/toast.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The profile photo: a new one is uploaded and saved at once, and can be removed (spec section 2). Its
 * hint says where it shows: the public page shows the primary vCard's own photo.
 */
export function ProfilePhoto({ photoUrl }: { photoUrl: string | null }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const setPhoto = trpc.profile.setPhoto.useMutation();

  async function save(photo: string | null) {
    try {
      await setPhoto.mutateAsync({ photo });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t`Failed to upload photo`,
        description: i18n._(trpcErrorMessage(error)),
      });
      return;
    }
    toast({ title: t`Profile photo updated successfully` });
    await utils.profile.me.invalidate();
  }

  return (
    <PhotoInput
      label={<Trans>Profile photo</Trans>}
      hint={<ProfilePhotoHint />}
      // while it saves, the new photo shows rather than the old one
      value={setPhoto.isPending ? (setPhoto.variables?.photo ?? null) : photoUrl}
      onChange={(photo) => void save(photo)}
      disabled={setPhoto.isPending}
    />
  );
}
