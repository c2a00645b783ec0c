import { Trans } from '@lingui/react/macro';
import { MyVcardsLink } from './MyVcardsLink.tsx';

/**
 * What the profile photo does (Account settings, the profile page): the public page shows the primary
 * vCard's own photo, and this one only while there is no vCard.
 */
export function ProfilePhotoHint() {
  return (
    <Trans>
      Your public page shows this photo only while you have no vCard. Each vCard has its own photo: change it
      in <MyVcardsLink />.
    </Trans>
  );
}
