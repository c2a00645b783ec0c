import { Trans } from '@lingui/react/macro';
import { Notice } from '../../components/Notice.tsx';

/**
 * docs/decisions/008-where-the-spec-is-silent.md, billing without payment keys: the demo mode says so
 * wherever money would move.
 */
export function DemoBillingNote() {
  return (
    <Notice tone="info" title={<Trans>Demo billing: no money moves</Trans>}>
      <p>
        <Trans>
          This server has no payment provider configured. Checkout, invoices and the customer portal are
          simulated here, and no card is ever charged.
        </Trans>
      </p>
    </Notice>
  );
}
