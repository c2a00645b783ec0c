// The one plan table (docs/decisions/002-one-plan-table.md). Every limit, price and trial length is read from
// here by the server's guards, the pricing screens, e-mails and tests: never type one of these numbers again
// elsewhere.

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
  /** the leads kept (limits.leadsKept): every plan's card says how many */
  | 'leads'
  | 'basicAnalytics'
  | 'freeTrial'
  | 'numericUrl'
  | 'customSubdomain'
  | 'fullAnalytics'
  | 'customLinks'
  | 'prioritySupport'
  | 'customBranding'
  | 'adFree'
  /** e-mail signatures and meeting backgrounds from each card (docs/decisions/027-card-everywhere.md) */
  | 'cardKit'
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
    /** Leads kept: the newest this many (src/schemas/lead.ts; an older one is deleted as a new one comes). */
    leadsKept: number;
  };
  /** Prices in USD. */
  price: Record<BillingInterval, number>;
  features: readonly PlanFeature[];
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    limits: { vcards: 1, qrCodes: 1, links: 5, storageMb: 50, leadsKept: 25 },
    price: { month: 0, year: 0 },
    features: ['qrCodes', 'vcards', 'leads', 'basicAnalytics', 'freeTrial', 'numericUrl'],
  },
  pro: {
    id: 'pro',
    limits: { vcards: 10, qrCodes: 20, links: UNLIMITED, storageMb: 500, leadsKept: UNLIMITED },
    price: { month: 19.99, year: 199 },
    features: [
      'qrCodes',
      'vcards',
      'leads',
      'customSubdomain',
      'fullAnalytics',
      'customLinks',
      'prioritySupport',
      'customBranding',
      'adFree',
      'cardKit',
    ],
  },
  business: {
    id: 'business',
    limits: {
      vcards: UNLIMITED,
      qrCodes: UNLIMITED,
      links: UNLIMITED,
      storageMb: 5000,
      leadsKept: UNLIMITED,
    },
    price: { month: 89.99, year: 899 },
    features: [
      'qrCodes',
      'vcards',
      'leads',
      'customDomain',
      'advancedAnalytics',
      'teamAccess',
      'apiAccess',
      'whiteLabel',
      'dedicatedSupport',
      'adFree',
      'cardKit',
    ],
  },
};

export function getPlan(id: PlanId): Plan {
  return PLANS[id];
}

/**
 * The lowest plan whose card lists a feature. Plans are ordered (PLAN_IDS), and a higher plan has every
 * feature of the lower ones (docs/decisions/015-what-each-plan-feature-is.md: "Pro+" is Pro and Business),
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
 * Whole-percent saving of paying yearly instead of twelve months (docs/decisions/002-one-plan-table.md:
 * computed, not typed). 0 for a free plan.
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

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** When a free trial ends: its start plus its length in days (docs/decisions/003-trial.md). */
export function trialEndsAt(trialStart: Date, trialDays: number = TRIAL_DAYS): Date {
  return new Date(trialStart.getTime() + trialDays * DAY_MS);
}

/** Reminder e-mails about a trial's end: one this many days before it, one on the day it ends. */
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

// The plan in effect (docs/decisions/018-plan-in-effect.md): decided here, from the stored
// plan, period end and trial alone, and read by every rule (limits, the username rule, feature gates,
// pauses, the public page, the dashboard through billing.status's plan_in_effect), so a missed or late
// end-of-subscription webhook changes nothing:
// (a) a paid plan with no period end (subscription_end null: an operator's or the demo seed's plan): that
//     plan, with no end; the public page is online;
// (b) a paid plan whose period ends in the future (renewing, or cancelled and running to its end): that
//     plan until the stored end, to the millisecond; online;
// (c) a paid plan past its period end, with no renewal (a renewal moves the stored end forward): Free from
//     the end on, exactly as if the webhook had set plan_type 'free' with that end. Free has the free
//     trial's rules: while the account's one trial still runs (trial_start_date + trial_days) the page stays
//     online with the free limits (what is over them is paused, the owner chooses what stays live); once
//     the trial is over the account is offline and its cards and links paused, as an expired trial's, with
//     the reason 'plan_ended' (src/pauses.ts accountPause): the customer is told their plan ended;
// (d) free (never paid, or set free by the webhook): Free; online while the trial runs, then offline.
// A stored plan_type is therefore only what was last sold: nothing outside this section reads it as a rule.

/** What decides the plan in effect and whether a public profile is online (spec section 4, availability). */
export interface AvailabilityFacts {
  plan_type: string;
  subscription_end: Date | null;
  trial_start_date: Date;
  trial_days: number | null;
}

/**
 * Until when (milliseconds since 1970) the stored paid plan is in effect: Infinity for a paid plan with no
 * end (a), its period end (b, c), -Infinity for the free plan (d). A number, so a hot path compares it
 * with Date.now().
 */
export function paidPlanUntil(facts: AvailabilityFacts): number {
  if (normalizePlanId(facts.plan_type) === 'free') return -Infinity;
  return facts.subscription_end?.getTime() ?? Infinity;
}

/**
 * The moment the public profile goes offline, in milliseconds since 1970: the later of the paid plan's end
 * and the free trial's end (a paid plan that ends during the trial leaves the trial's free rules).
 */
export function availableUntil(facts: AvailabilityFacts): number {
  const trialEnd = trialEndsAt(facts.trial_start_date, facts.trial_days ?? TRIAL_DAYS).getTime();
  return Math.max(paidPlanUntil(facts), trialEnd);
}

/** The plan whose limits and features an account has now: its paid plan until its end, else free. */
export function planInEffect(facts: AvailabilityFacts, now: Date = new Date()): PlanId {
  return paidPlanUntil(facts) > now.getTime() ? normalizePlanId(facts.plan_type) : 'free';
}

/**
 * Until when (milliseconds since 1970) the plan in effect stays what it is at `now`: a running paid plan's
 * end; Infinity otherwise (only a purchase changes a free plan, and it announces itself). A cache of what
 * the plan decides keeps it no longer than this.
 */
export function planInEffectUntil(facts: AvailabilityFacts, now: number = Date.now()): number {
  const until = paidPlanUntil(facts);
  return until > now ? until : Infinity;
}

/**
 * A paid plan is available until its end (always without one); the free plan while its trial runs.
 * Expired accounts keep their data but their public profile is offline.
 */
export function isProfileAvailable(facts: AvailabilityFacts, now: Date = new Date()): boolean {
  return availableUntil(facts) > now.getTime();
}

/**
 * Whether the account ever had a paid plan that ended or may end: a paid plan_type, or a free one with the
 * end of its paid period kept (the webhook stores it). Such an account's pauses are 'plan_ended'.
 */
export function hasPaidPeriod(facts: AvailabilityFacts): boolean {
  return normalizePlanId(facts.plan_type) !== 'free' || facts.subscription_end !== null;
}

/** The facts that name a paid plan that ended: the plan last paid for is kept when the webhook sets free. */
export interface EndedPlanFacts extends AvailabilityFacts {
  last_paid_plan: PaidPlanId | null;
}

/** A paid plan that ended: which one (null when not recorded: rows from before it was) and when. */
export interface EndedPaidPlan {
  plan: PaidPlanId | null;
  endedAt: Date;
}

/**
 * The paid plan whose end put the account on Free (c, or d after the webhook), or null while a paid plan is
 * in effect or when the account never paid: what the dashboard, the billing page and the e-mail tell.
 */
export function endedPaidPlan(facts: EndedPlanFacts, now: Date = new Date()): EndedPaidPlan | null {
  const end = facts.subscription_end;
  if (!end || planInEffect(facts, now) !== 'free') return null;
  const stored = normalizePlanId(facts.plan_type);
  return { plan: stored === 'free' ? facts.last_paid_plan : stored, endedAt: end };
}

/**
 * The e-mail telling that a paid plan ended goes out PLAN_ENDED_NOTICE_DELAY_HOURS after the end at the
 * earliest, so that a renewal whose event arrives a little late is stored first and nothing is sent, and
 * within PLAN_ENDED_NOTICE_DAYS at the latest (a server that was down longer sends none; the dashboard and
 * the billing page say it anyway).
 */
export const PLAN_ENDED_NOTICE_DELAY_HOURS = 1;
export const PLAN_ENDED_NOTICE_DAYS = 7;

/** Whether the e-mail about a paid plan that ended at `endedAt` is due at `now`. */
export function planEndedNoticeDue(endedAt: Date, now: Date = new Date()): boolean {
  const since = now.getTime() - endedAt.getTime();
  return since >= PLAN_ENDED_NOTICE_DELAY_HOURS * HOUR_MS && since < PLAN_ENDED_NOTICE_DAYS * DAY_MS;
}
