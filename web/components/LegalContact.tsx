import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { paths } from '#src/routes.ts';

/** The sentence that ends the privacy policy and the terms: where to ask about them. */
export function LegalContact() {
  return (
    <Trans>
      For any question,{' '}
      <Link to={paths.support} className="font-medium text-brand-strong underline underline-offset-2">
        contact support
      </Link>
      .
    </Trans>
  );
}
