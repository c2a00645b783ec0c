import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { contactFormLink } from '../pages/support/topics.ts';

/** The sentence that ends the privacy policy and the terms: where to ask about them. */
export function LegalContact() {
  return (
    <Trans>
      For any question,{' '}
      <Link to={contactFormLink()} className="font-medium text-brand-strong underline underline-offset-2">
        contact support
      </Link>
      .
    </Trans>
  );
}
