import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeading } from '../components/PageHeading.tsx';
import { ContactForm } from './support/ContactForm.tsx';
import { Faq } from './support/Faq.tsx';
import { HelpCards } from './support/HelpCards.tsx';

/** /dashboard/support (spec section 2, Support): ways to get help, the contact form and the FAQ. */
export function Support() {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeading
        title={t`Support`}
        description={<Trans>Find answers to common questions or send a message to our team.</Trans>}
      />
      <HelpCards />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ContactForm />
        <Faq />
      </div>
    </div>
  );
}
