import type { Locale } from '../../src/i18n.ts';
import { PLANS, priceFractionDigits, type BillingInterval, type PaidPlanId } from '../../src/plans.ts';
import { paths } from '../../src/routes.ts';
import { escapeHtml as e, ICON_LINKS } from '../lib/html.ts';
import type { DemoCharge } from './demo-proration.ts';
import { DEMO_TEXTS, type DemoTexts } from './demo-texts.ts';
import { DEMO_CHECKOUT_PATH, DEMO_PORTAL_PATH } from './demo.ts';
import { CENTS_PER_UNIT } from './rules.ts';

// The demo billing pages as HTML strings, like the public pages: no client JavaScript, plain forms that
// post back to this origin, every value through escapeHtml, phone first, tap targets at least 48px high.

const CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#eef1f5;color:#1a1d23;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:30rem;margin:0 auto;background:#fff;min-height:100vh;padding:1.5rem}
@media(min-width:32rem){body{padding:2.5rem 1rem}main{min-height:0;border-radius:1.5rem;box-shadow:0 12px 40px rgba(15,23,42,.14)}}
.badge{display:inline-block;padding:.25rem .75rem;border-radius:999px;background:#fef3c7;color:#92400e;font-weight:700;font-size:.85rem}
.notice{margin:1rem 0;padding:1rem;border:2px dashed #f59e0b;border-radius:1rem;background:#fffbeb}
h1{margin:1rem 0 .5rem;font-size:1.5rem}
.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0}
.muted{color:#4a5263}
form,.actions{display:grid;gap:.75rem;margin-top:1.5rem}
.actions form{margin:0}
button,.link,.action{display:flex;align-items:center;justify-content:center;min-height:3rem;padding:.75rem 1.25rem;border-radius:999px;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}
.primary{border:0;background:#00c2ff;color:#06283d}
.secondary,.link,.action{border:2px solid #dfe3ea;background:#fff;color:#1a1d23}
.link{margin-top:1.5rem}
dl{margin:1rem 0;border-top:1px solid #dfe3ea}
dl div{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid #dfe3ea}
dd{margin:0;white-space:nowrap;font-variant-numeric:tabular-nums}
.total{font-weight:700}
button:focus-visible,a:focus-visible{outline:3px solid #1a1d23;outline-offset:3px}`;

function page(locale: Locale, title: string, body: string): string {
  const t = DEMO_TEXTS[locale];
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${e(title)} · Tapcard</title>${ICON_LINKS}<style>${CSS}</style></head><body><main>` +
    `<span class="badge">${e(t.demoBadge)}</span><h1>${e(title)}</h1>` +
    `<p class="notice" role="note">${e(t.noMoneyMoves)}</p>${body}</main></body></html>`
  );
}

function price(locale: Locale, t: DemoTexts, plan: PaidPlanId, interval: BillingInterval): string {
  const digits = priceFractionDigits(interval);
  const amount = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(PLANS[plan].price[interval]);
  return t.pricePer(amount, interval);
}

function money(locale: Locale, cents: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / CENTS_PER_UNIT);
}

function date(locale: Locale, value: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
}

const backLink = (t: DemoTexts) => `<a class="link" href="${paths.billing}">${e(t.backToBilling)}</a>`;

/**
 * The invoice lines of a change of plan or interval (prorated: the new plan's time less the unused time of
 * the previous one and any account credit), or of a payment that uses account credit; nothing for a
 * plain new subscription, whose price says it all.
 */
function chargeLines(locale: Locale, t: DemoTexts, charge: DemoCharge): string {
  if (!charge.previous && charge.creditAppliedCents === 0) return '';
  const line = (label: string, amount: string, className = '') =>
    `<div${className ? ` class="${className}"` : ''}><dt>${e(label)}</dt><dd>${e(amount)}</dd></div>`;
  const minus = (cents: number) => `−${money(locale, cents)}`;
  const lines = [
    line(
      t.planTime(t.planName[charge.plan], charge.interval, date(locale, charge.periodEnd)),
      money(locale, charge.planChargeCents),
    ),
    charge.previous &&
      line(
        t.unusedTime(t.planName[charge.previous.plan], charge.previous.interval),
        minus(charge.unusedCreditCents),
      ),
    charge.creditAppliedCents > 0 && line(t.accountCredit, minus(charge.creditAppliedCents)),
    line(t.dueToday, money(locale, charge.amountCents), 'total'),
  ];
  const added = charge.unusedCreditCents - charge.planChargeCents;
  return (
    `<dl>${lines.filter(Boolean).join('')}</dl>` +
    (added > 0 ? `<p class="muted">${e(t.creditKept(money(locale, added)))}</p>` : '')
  );
}

/**
 * Checkout for a plan: Pay applies it through the same path as a paid Stripe checkout, with the prorated
 * amount shown first; Cancel does not. `charge` is null when the person already has this plan.
 */
export function renderDemoCheckout(
  locale: Locale,
  input: { plan: PaidPlanId; interval: BillingInterval; charge: DemoCharge | null },
): string {
  const t = DEMO_TEXTS[locale];
  const summary =
    `<p>${e(t.planName[input.plan])}</p>` +
    `<p class="amount">${e(price(locale, t, input.plan, input.interval))}</p>`;
  if (!input.charge)
    return page(locale, t.checkoutTitle, `${summary}<p>${e(t.alreadyHeld)}</p>${backLink(t)}`);
  return page(
    locale,
    t.checkoutTitle,
    `${summary}${chargeLines(locale, t, input.charge)}<p class="muted">${e(t.demoCard)}</p>` +
      `<form method="post" action="${DEMO_CHECKOUT_PATH}">` +
      `<input type="hidden" name="plan" value="${input.plan}"><input type="hidden" name="interval" value="${input.interval}">` +
      `<button class="primary" name="action" value="pay">${e(t.pay)}</button>` +
      `<button class="secondary" name="action" value="cancel">${e(t.cancel)}</button></form>`,
  );
}

/**
 * The demo customer portal: the running subscription; switching how often it is billed (through the
 * checkout, which shows the prorated amount), cancelling it, or, once cancelled, renewing it until its
 * period ends.
 */
export function renderDemoPortal(
  locale: Locale,
  subscription: {
    plan: PaidPlanId;
    interval: BillingInterval;
    periodEnd: Date;
    cancelAtPeriodEnd: boolean;
  } | null,
): string {
  const t = DEMO_TEXTS[locale];
  if (!subscription) return page(locale, t.portalTitle, `<p>${e(t.noSubscription)}</p>${backLink(t)}`);
  const { plan, interval, periodEnd, cancelAtPeriodEnd } = subscription;
  const when = cancelAtPeriodEnd ? t.endsOn(date(locale, periodEnd)) : t.renewsOn(date(locale, periodEnd));
  const otherInterval: BillingInterval = interval === 'month' ? 'year' : 'month';
  const switchQuery = new URLSearchParams({ plan, interval: otherInterval });
  const actions = cancelAtPeriodEnd
    ? `<form method="post" action="${DEMO_PORTAL_PATH}">` +
      `<button class="primary" name="action" value="renew">${e(t.renewSubscription)}</button></form>`
    : `<div class="actions"><a class="action" href="${DEMO_CHECKOUT_PATH}?${e(switchQuery.toString())}">` +
      `${e(interval === 'month' ? t.switchToYearly : t.switchToMonthly)}</a>` +
      `<form method="post" action="${DEMO_PORTAL_PATH}">` +
      `<button class="secondary" name="action" value="cancel">${e(t.cancelSubscription)}</button></form></div>`;
  return page(
    locale,
    t.portalTitle,
    `<p>${e(t.planName[plan])}</p><p class="amount">${e(price(locale, t, plan, interval))}</p>` +
      `<p class="muted">${e(when)}</p><p class="muted">${e(t.demoCard)}</p>${actions}${backLink(t)}`,
  );
}

/** For a visitor without a session. */
export function renderSignInNeeded(locale: Locale): string {
  const t = DEMO_TEXTS[locale];
  return page(
    locale,
    t.signInTitle,
    `<p>${e(t.signInText)}</p><a class="link" href="${paths.login}">${e(t.signIn)}</a>`,
  );
}

/** For a checkout address without a valid plan and interval. */
export function renderBadRequest(locale: Locale): string {
  const t = DEMO_TEXTS[locale];
  return page(locale, t.checkoutTitle, `<p>${e(t.badRequest)}</p>${backLink(t)}`);
}
