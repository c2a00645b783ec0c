import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';

/**
 * 'My vCards' as a link, for the account's colour and photo texts: the public page shows the primary
 * vCard's own colour and photo, which are changed there.
 */
export function MyVcardsLink() {
  return (
    <Link to={paths.vcards} className="font-medium text-brand-strong underline underline-offset-2">
      <Trans>My vCards</Trans>
    </Link>
  );
}
