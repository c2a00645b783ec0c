import { useCallback, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Accordion } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { paths } from '#src/routes.ts';
import { cn } from '../../lib/cn.ts';
import { FAQ_SECTION_ID } from './sections.ts';
import { useHashTarget } from './use-hash-target.ts';

const LINK_CLASSES = 'font-medium text-brand-strong underline underline-offset-2';

function FaqItem({ value, question, children }: { value: string; question: ReactNode; children: ReactNode }) {
  return (
    <Accordion.Item value={value} className="border-b border-slate-200 last:border-b-0">
      <Accordion.Header>
        <Accordion.Trigger
          className={cn(
            'group flex min-h-12 w-full items-center justify-between gap-4 py-3 text-left font-medium text-ink',
            'hover:text-brand-strong',
          )}
        >
          {question}
          <ChevronDown
            aria-hidden
            className="size-5 shrink-0 text-slate-600 transition-transform group-data-[state=open]:rotate-180"
          />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="pb-4 text-slate-700">{children}</Accordion.Content>
    </Accordion.Item>
  );
}

/** spec section 2, Support: the three questions people ask most. */
export function Faq() {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useHashTarget(
    FAQ_SECTION_ID,
    useCallback(() => heading.current?.focus(), []),
  );
  return (
    <section
      id={FAQ_SECTION_ID}
      aria-labelledby={`${FAQ_SECTION_ID}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2
        id={`${FAQ_SECTION_ID}-title`}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-ink"
      >
        {t`Frequently asked questions`}
      </h2>
      <Accordion.Root type="single" collapsible className="mt-2">
        <FaqItem value="create-qr" question={<Trans>How do I create a QR code?</Trans>}>
          <p>
            <Trans>
              Open{' '}
              <Link to={paths.qrCodes} className={LINK_CLASSES}>
                My QR Codes
              </Link>{' '}
              and choose Create New QR. Give it a title and the web address it should open, then save.
              Download it as PNG, SVG or PDF. You can change the address later: the printed code keeps
              working, because it points to your short link.
            </Trans>
          </p>
        </FaqItem>
        <FaqItem value="qr-design" question={<Trans>How do I customise the design of my QR code?</Trans>}>
          <p>
            <Trans>
              On Pro and Business, choose Design on a code in{' '}
              <Link to={paths.qrCodes} className={LINK_CLASSES}>
                My QR Codes
              </Link>
              : its colours, the style of its dots and corners, and a logo in the middle. Tapcard checks that
              the design still scans before saving it, and draws the code that way everywhere. The look of
              your public card (layout, font, cover and logo) is set in{' '}
              <Link to={paths.cardDesign} className={LINK_CLASSES}>
                Card design
              </Link>
              . Download the SVG or PDF to place a code in your own designs at any size.
            </Trans>
          </p>
        </FaqItem>
        <FaqItem value="upgrade" question={<Trans>How do I upgrade my plan?</Trans>}>
          <p>
            <Trans>
              Open{' '}
              <Link to={paths.billing} className={LINK_CLASSES}>
                Billing
              </Link>{' '}
              and choose Upgrade or Change Plan. Pick Pro or Business, monthly or yearly, and complete the
              payment. Your new limits apply as soon as the payment is confirmed.
            </Trans>
          </p>
        </FaqItem>
      </Accordion.Root>
    </section>
  );
}
