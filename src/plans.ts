// The one plan table (DECISIONS.md "Plans"). Every limit, price and trial length is read from here by the
// server's guards, the pricing screens, e-mails and tests: never type one of these numbers again elsewhere.

export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plans a person pays for (checkout, Stripe prices). */
export const PAID_PLAN_IDS = ['pro', 'business'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** How a server takes payments: Stripe when its keys are configured, the demo billing otherwise. */
export const BILLING_MODES = ['stripe', 'demo'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/**
 * The meta element of the client's HTML shell that names the server's billing mode, so that pages without
 * an API client (the landing page, the privacy policy) can say how payments are taken.
 */
export const BILLING_MODE_META = 'tapcard-billing-mode';

/** -1 means unlimited (spec section 3, plan limits). */
export const UNLIMITED = -1;

/** A free trial lasts this many days from trial_start_date unless the profile says otherwise. */
export const TRIAL_DAYS = 14;

/** Feature keys shown on plan cards; the client translates each one. */
export type PlanFeature =
  | 'qrCodes'
  | 'vcards'
  | 'basicAnalytics'
  | 'freeTrial'
  | 'numericUrl'
  | 'customSubdomain'
  | 'fullAnalytics'
  | 'customLinks'
  | 'prioritySupport'
  | 'customBranding'
  | 'adFree'
  | 'customDomain'
  | 'advancedAnalytics'
  | 'teamAccess'
  | 'apiAccess'
  | 'whiteLabel'
  | 'dedicatedSupport';

export interface Plan {
  id: PlanId;
  limits: {
    vcards: number;
    /** QR codes: links not managed by a vCard. */
    qrCodes: number;
    /** Profile links on the links page. */
    links: number;
    storageMb: number;
  };
  /** Prices in USD. */
  price: Record<BillingInterval, number>;
  features: readonly PlanFeature[];
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    limits: { vcards: 1, qrCodes: 1, links: 5, storageMb: 50 },
    price: { month: 0, year: 0 },
    features: ['qrCodes', 'vcards', 'basicAnalytics', 'freeTrial', 'numericUrl'],
  },
  pro: {
    id: 'pro',
    limits: { vcards: 10, qrCodes: 20, links: UNLIMITED, storageMb: 500 },
    price: { month: 19.99, year: 199 },
    features: [
      'qrCodes',
      'vcards',
      'customSubdomain',
      'fullAnalytics',
      'customLinks',
      'prioritySupport',
      'customBranding',
      'adFree',
    ],
  },
  business: {
    id: 'business',
    limits: { vcards: UNLIMITED, qrCodes: UNLIMITED, links: UNLIMITED, storageMb: 5000 },
    price: { month: 89.99, year: 899 },
    features: [
      'qrCodes',
      'vcards',
      'customDomain',
      'advancedAnalytics',
      'teamAccess',
      'apiAccess',
      'whiteLabel',
      'dedicatedSupport',
      'adFree',
    ],
  },
};

export function getPlan(id: PlanId): Plan {
  return PLANS[id];
}

/**
 * The lowest plan whose card lists a feature. Plans are ordered (PLAN_IDS), and a higher plan has every
 * feature of the lower ones (DECISIONS.md "What each sold plan feature is": "Pro+" is Pro and Business),
 * so this table's feature lists are the one source of who may use what.
 */
export function planUnlocking(feature: PlanFeature): PlanId {
  const plan = PLAN_IDS.find((id) => PLANS[id].features.includes(feature));
  if (!plan) throw new Error(`No plan lists the feature ${feature}`);
  return plan;
}

/** Whether a plan includes a feature: the one plan gate, used by the server's guards and by the client. */
export function can(plan: PlanId, feature: PlanFeature): boolean {
  return PLAN_IDS.indexOf(plan) >= PLAN_IDS.indexOf(planUnlocking(feature));
}

/** Reads a stored plan value; the legacy value 'premium' is treated as pro, anything unknown as free. */
export function normalizePlanId(value: string | null | undefined): PlanId {
  if (value === 'premium') return 'pro';
  return (PLAN_IDS as readonly string[]).includes(value ?? '') ? (value as PlanId) : 'free';
}

export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED;
}

/** True when one more item may be created given the current count. */
export function hasRoomFor(limit: number, count: number): boolean {
  return isUnlimited(limit) || count < limit;
}

/**
 * Whole-percent saving of paying yearly instead of twelve months (DECISIONS.md: computed, not typed).
 * 0 for a free plan.
 */
export function annualSavingPercent(plan: Plan): number {
  const twelveMonths = plan.price.month * 12;
  if (twelveMonths <= 0) return 0;
  return Math.round(((twelveMonths - plan.price.year) / twelveMonths) * 100);
}

/** The largest saving across paid plans, for the pricing toggle badge. */
export function bestAnnualSavingPercent(): number {
  return Math.max(...PLAN_IDS.map((id) => annualSavingPercent(PLANS[id])));
}

/** What a plan costs per month on an interval (USD): a yearly price spread over twelve months, to the cent. */
export function monthlyCost(plan: PlanId, interval: BillingInterval): number {
  const price = PLANS[plan].price[interval];
  return interval === 'month' ? price : Math.round((price / 12) * 100) / 100;
}

/** Spec section 9: monthly amounts show 2 decimals, yearly amounts 0. */
export function priceFractionDigits(interval: BillingInterval): number {
  return interval === 'month' ? 2 : 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a free trial ends: its start plus its length in days (DECISIONS.md "Trial"). */
export function trialEndsAt(trialStart: Date, trialDays: number = TRIAL_DAYS): Date {
  return new Date(trialStart.getTime() + trialDays * DAY_MS);
}

/** Reminder e-mails about a trial's end (issue 6): one this many days before it, one on the day it ends. */
export const TRIAL_REMINDER_LEAD_DAYS = 3;

/** ending_soon: within TRIAL_REMINDER_LEAD_DAYS before the end; ended: during the day after it. */
export type TrialReminderKind = 'ending_soon' | 'ended';

/**
 * The reminder due for a trial that ends at `endsAt`, or null. A trial that ended more than a day ago
 * gets none: "your trial ended today" would no longer be true, and the banner says it anyway.
 */
export function trialReminderDue(endsAt: Date, now: Date = new Date()): TrialReminderKind | null {
  const left = endsAt.getTime() - now.getTime();
  if (left > 0) return left <= TRIAL_REMINDER_LEAD_DAYS * DAY_MS ? 'ending_soon' : null;
  return -left < DAY_MS ? 'ended' : null;
}

/** Whole days left until `endsAt`, rounded up ("ends in 3 days"); 0 once it has passed. */
export function trialDaysLeft(endsAt: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

/** What decides whether a public profile is online (spec section 4, "Public profile availability"). */
export interface AvailabilityFacts {
  plan_type: string;
  subscription_end: Date | null;
  trial_start_date: Date;
  trial_days: number | null;
}

/**
 * The moment the public profile goes offline, in milliseconds since 1970: a paid plan's subscription end
 * (Infinity without one), the free plan's trial end. A number, so a hot path compares it with Date.now().
 */
export function availableUntil(facts: AvailabilityFacts): number {
  const plan = normalizePlanId(facts.plan_type);
  if (plan !== 'free') return facts.subscription_end?.getTime() ?? Infinity;
  return trialEndsAt(facts.trial_start_date, facts.trial_days ?? TRIAL_DAYS).getTime();
}

/**
 * The plan whose features an account has now: its plan while its public profile is available, else free
 * (a paid plan that ended keeps its name in the profile until the next purchase, not its features).
 */
export function planInEffect(facts: AvailabilityFacts, now: Date = new Date()): PlanId {
  return isProfileAvailable(facts, now) ? normalizePlanId(facts.plan_type) : 'free';
}

/**
 * A paid plan is available with no subscription end or one in the future; the free plan while its trial
 * runs. Expired accounts keep their data but their public profile is offline.
 */
export function isProfileAvailable(facts: AvailabilityFacts, now: Date = new Date()): boolean {
  return availableUntil(facts) > now.getTime();
}
