import { LOCALES, type Locale } from '../../src/i18n.ts';
import type { PaidPlanId } from '../../src/plans.ts';
import { translatorFor, type Translator } from '../lib/server-i18n.ts';

// The demo billing pages' words, in every language of the product, from the server's Lingui catalog
// (locales/{locale}/server.po, through server/lib/server-i18n.ts): `npm run i18n:check` fails on one
// untranslated. Plain strings: the renderer escapes them.

export interface DemoTexts {
  demoBadge: string;
  noMoneyMoves: string;
  checkoutTitle: string;
  planName: Record<PaidPlanId, string>;
  /** "$19.99 per month" */
  pricePer(amount: string, interval: 'month' | 'year'): string;
  demoCard: string;
  pay: string;
  cancel: string;
  alreadyHeld: string;
  /** "Pro Plan, monthly, until December 22, 2026": the new plan's time on a prorated invoice. */
  planTime(plan: string, interval: 'month' | 'year', until: string): string;
  /** "Unused time on Pro Plan, monthly": the credit for the plan changed from. */
  unusedTime(plan: string, interval: 'month' | 'year'): string;
  accountCredit: string;
  dueToday: string;
  /** What a change to a cheaper plan leaves for the next payment. */
  creditKept(amount: string): string;
  portalTitle: string;
  renewsOn(date: string): string;
  endsOn(date: string): string;
  cancelSubscription: string;
  renewSubscription: string;
  switchToYearly: string;
  switchToMonthly: string;
  noSubscription: string;
  backToBilling: string;
  signInTitle: string;
  signInText: string;
  signIn: string;
  badRequest: string;
}

/** The demo portal's words: the subscription and its changes. */
type PortalTexts = Pick<
  DemoTexts,
  | 'portalTitle'
  | 'renewsOn'
  | 'endsOn'
  | 'cancelSubscription'
  | 'renewSubscription'
  | 'switchToYearly'
  | 'switchToMonthly'
  | 'noSubscription'
>;

/** The checkout's words, and those of every demo page. */
function checkoutTexts(text: Translator): Omit<DemoTexts, keyof PortalTexts> {
  return {
    demoBadge: text(/*i18n*/ { id: 'billing.demo.demoBadge', message: 'Demo billing' }),
    noMoneyMoves: text(
      /*i18n*/ {
        id: 'billing.demo.noMoneyMoves',
        message:
          'This is a demo: no money moves. No card is charged and nothing is sent to a payment provider.',
      },
    ),
    checkoutTitle: text(/*i18n*/ { id: 'billing.demo.checkoutTitle', message: 'Checkout' }),
    planName: {
      pro: text(/*i18n*/ { id: 'billing.demo.planName.pro', message: 'Pro Plan' }),
      business: text(/*i18n*/ { id: 'billing.demo.planName.business', message: 'Business Plan' }),
    },
    pricePer: (amount, interval) =>
      text(
        /*i18n*/ {
          id: 'billing.demo.pricePer',
          message: '{amount} per {interval, select, month {month} other {year}}',
          comment: 'A price and how often it is paid: "$19.99 per month"',
        },
        { amount, interval },
      ),
    demoCard: text(
      /*i18n*/ {
        id: 'billing.demo.demoCard',
        message: 'Demo card •••• 4242',
        comment: 'A payment card that is not real',
      },
    ),
    pay: text(/*i18n*/ { id: 'billing.demo.pay', message: 'Pay (demo)' }),
    cancel: text(/*i18n*/ { id: 'billing.demo.cancel', message: 'Cancel', comment: 'Leave the checkout' }),
    alreadyHeld: text(/*i18n*/ { id: 'billing.demo.alreadyHeld', message: 'You already have this plan.' }),
    planTime: (plan, interval, until) =>
      text(
        /*i18n*/ {
          id: 'billing.demo.planTime',
          message: '{plan}, {interval, select, month {monthly} other {yearly}}, until {until}',
          comment: 'A line of a prorated invoice: "Pro Plan, monthly, until December 22, 2026"',
        },
        { plan, interval, until },
      ),
    unusedTime: (plan, interval) =>
      text(
        /*i18n*/ {
          id: 'billing.demo.unusedTime',
          message: 'Unused time on {plan}, {interval, select, month {monthly} other {yearly}}',
          comment: 'The credit of a prorated invoice for the plan changed from',
        },
        { plan, interval },
      ),
    accountCredit: text(/*i18n*/ { id: 'billing.demo.accountCredit', message: 'Account credit' }),
    dueToday: text(/*i18n*/ { id: 'billing.demo.dueToday', message: 'Due today' }),
    creditKept: (amount) =>
      text(
        /*i18n*/ {
          id: 'billing.demo.creditKept',
          message: '{amount} stays as account credit for your next payment.',
        },
        { amount },
      ),
    backToBilling: text(/*i18n*/ { id: 'billing.demo.backToBilling', message: 'Back to billing' }),
    signInTitle: text(/*i18n*/ { id: 'billing.demo.signInTitle', message: 'Sign in to continue' }),
    signInText: text(
      /*i18n*/ {
        id: 'billing.demo.signInText',
        message: 'Billing pages are only shown to the signed-in account holder.',
      },
    ),
    signIn: text(/*i18n*/ { id: 'billing.demo.signIn', message: 'Sign in' }),
    badRequest: text(
      /*i18n*/ {
        id: 'billing.demo.badRequest',
        message: 'This page address is not complete. Choose a plan again from the billing page.',
      },
    ),
  };
}

function portalTexts(text: Translator): PortalTexts {
  return {
    portalTitle: text(/*i18n*/ { id: 'billing.demo.portalTitle', message: 'Manage subscription' }),
    renewsOn: (date) => text(/*i18n*/ { id: 'billing.demo.renewsOn', message: 'Renews on {date}' }, { date }),
    endsOn: (date) =>
      text(
        /*i18n*/ {
          id: 'billing.demo.endsOn',
          message: 'Cancelled: ends on {date}, then the account is back on the free plan',
        },
        { date },
      ),
    cancelSubscription: text(
      /*i18n*/ { id: 'billing.demo.cancelSubscription', message: 'Cancel subscription' },
    ),
    renewSubscription: text(
      /*i18n*/ { id: 'billing.demo.renewSubscription', message: "Don't cancel: renew my plan" },
    ),
    switchToYearly: text(/*i18n*/ { id: 'billing.demo.switchToYearly', message: 'Switch to yearly billing' }),
    switchToMonthly: text(
      /*i18n*/ { id: 'billing.demo.switchToMonthly', message: 'Switch to monthly billing' },
    ),
    noSubscription: text(
      /*i18n*/ { id: 'billing.demo.noSubscription', message: 'You have no paid subscription.' },
    ),
  };
}

/** The demo pages' words in one language, each worked out once; those with values format on each call. */
function demoTexts(locale: Locale): DemoTexts {
  const text = translatorFor(locale);
  return { ...checkoutTexts(text), ...portalTexts(text) };
}

export const DEMO_TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, demoTexts(locale)])) as Record<
  Locale,
  DemoTexts
>;
