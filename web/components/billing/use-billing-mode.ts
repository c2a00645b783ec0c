import { BILLING_MODE_META, BILLING_MODES, type BillingMode } from '#src/plans.ts';
import { useInBrowser } from '../../lib/use-in-browser.ts';

function billingModeOfShell(): BillingMode | null {
  const content = document.querySelector(`meta[name="${BILLING_MODE_META}"]`)?.getAttribute('content');
  return BILLING_MODES.find((mode) => mode === content) ?? null;
}

/**
 * How this server takes payments: 'stripe', or 'demo' when it has no payment keys and no money moves
 * (docs/decisions/008-where-the-spec-is-silent.md), as its HTML shell says. Null where the page is rendered
 * outside a browser (the landing page's build-time render): a page then names neither, rather than a payment
 * provider that is not there.
 */
export function useBillingMode(): BillingMode | null {
  // the server writes its mode into the HTML shell once at start (server/web/routes.ts): it never changes
  return useInBrowser() ? billingModeOfShell() : null;
}
