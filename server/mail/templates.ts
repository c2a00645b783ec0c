import { EMAIL_LINK_VALIDITY_HOURS } from '../../src/email-links.ts';
import { DOMAIN_LOST_GRACE_DAYS } from '../../src/domains.ts';
import { LOCALES, type Locale } from '../../src/i18n.ts';
import type { PausedCounts } from '../../src/pauses.ts';
import type { PaidPlanId, PlanId } from '../../src/plans.ts';
import { SUPPORT_REPLY_HOURS } from '../../src/schemas/support.ts';
import { TEAM_INVITATION_DAYS, type InvitableTeamRole } from '../../src/teams.ts';
import { TAPCARD_BRANDING, type Branding } from '../branding/branding.ts';
import { translatorFor, type Translator } from '../lib/server-i18n.ts';
import { renderMail, singleLine, type MailContent, type RenderedMail } from './layout.ts';

// The product's e-mails, each in every language of the product (docs/decisions/001-name-and-languages.md:
// e-mails too). Their words come from the server's Lingui catalog (locales/{locale}/server.po, through
// server/lib/server-i18n.ts), where `npm run i18n:check` fails on one untranslated; ids are
// `mail.<template>.<text>`. Counts are ICU plurals that write their number as it is (`{days}`, not `#`,
// which would write 1,234). Texts are plain strings: the layout escapes them (server/mail/layout.ts).
// Durations come from src/, the same constants the tokens expire by.
export type { RenderedMail } from './layout.ts';

export interface VerifyEmailData {
  name: string;
  url: string;
}
export interface ResetPasswordData {
  name: string;
  url: string;
}
export interface ChangeEmailData {
  name: string;
  newEmail: string;
  url: string;
}
export interface ConfirmNewEmailData {
  name: string;
  url: string;
}
export interface AccountExistsData {
  name: string;
  /** The sign-in page, which also has 'Forgot password?'. */
  signInUrl: string;
}
export interface SupportRequestData {
  fromName: string;
  fromEmail: string;
  subject: string;
  message: string;
  /** The sender's account, or null for a visitor of the public contact form (/contact). */
  userId: string | null;
  /** The sender's plan in effect (null for a visitor): Pro and Business messages are marked to go first. */
  plan: PlanId | null;
}

/** The subject's mark of a message to answer first (plan names are product names, the same in each language). */
function priorityMark(plan: PlanId | null): string {
  if (plan === 'business') return '[Business] ';
  if (plan === 'pro') return '[Pro] ';
  return '';
}
/**
 * Whom a support message is confirmed to. An account's address is its own, proved by the sign-up's or the
 * change's confirmation link, so its confirmation names the person and the subject (telling their messages
 * apart). Anyone can type any address into the public contact form, so a visitor's confirmation carries
 * nothing the visitor wrote (no name, subject or message): the form cannot send chosen words to someone else.
 */
export type SupportConfirmationData =
  { from: 'account'; name: string; subject: string } | { from: 'visitor' };
export interface TrialEndingSoonData {
  name: string;
  /** Whole days until the trial ends (src/plans.ts trialDaysLeft), at least 1. */
  daysLeft: number;
  /** Where to choose a plan (the billing page). */
  url: string;
}
export interface TrialEndedData {
  name: string;
  url: string;
}
export interface PlanEndedData {
  name: string;
  /** The plan that ended; null when it was not recorded (a plan that ended before it was). */
  plan: PaidPlanId | null;
  endedAt: Date;
  /** Until when the public profile stays online on the free trial's rules; null: it is offline now. */
  onlineUntil: Date | null;
  /** What is paused now: everything while offline, else what is over the free plan's limits. */
  paused: PausedCounts;
  /** Where to renew (the billing page). */
  url: string;
}

export interface TeamInvitationData {
  inviterName: string;
  teamName: string;
  role: InvitableTeamRole;
  /** The invitation's page, where the person signs in or signs up and joins. */
  url: string;
}

/** A message in a language, in Tapcard's brand unless a white-label customer's is given (server/branding). */
type Template<D> = (locale: Locale, data: D, branding?: Branding) => RenderedMail;

/** The reader of a message: their language (dates and lists are written in it) and the brand it is in. */
interface Reader {
  locale: Locale;
  branding: Branding;
}

/** What a template says, in the words `text` gives in the reader's language. */
type Compose<D> = (text: Translator, data: D, reader: Reader) => MailContent;

const TEXT = Object.fromEntries(LOCALES.map((locale) => [locale, translatorFor(locale)])) as Record<
  Locale,
  Translator
>;

function defineTemplate<D>(compose: Compose<D>): Template<D> {
  return (locale, data, branding = TAPCARD_BRANDING) =>
    renderMail(locale, compose(TEXT[locale], data, { locale, branding }), branding);
}

/** "Hi Ana," or, without a name, "Hi,". */
function hi(text: Translator, name: string): string {
  return name.trim()
    ? text(
        /*i18n*/ { id: 'mail.hi', message: 'Hi {name},', comment: "An e-mail's greeting" },
        { name: name.trim() },
      )
    : text(
        /*i18n*/ {
          id: 'mail.hiNoName',
          message: 'Hi,',
          comment: "An e-mail's greeting of someone whose name it does not know",
        },
      );
}

/** Sign-up: confirm the address (spec section 8: the link is valid 24 hours). */
export const verifyEmail = defineTemplate<VerifyEmailData>((text, { name, url }) => ({
  subject: text(/*i18n*/ { id: 'mail.verifyEmail.subject', message: 'Confirm your email for Tapcard' }),
  preview: text(
    /*i18n*/ {
      id: 'mail.verifyEmail.preview',
      message: 'One click to finish creating your Tapcard account.',
    },
  ),
  heading: text(/*i18n*/ { id: 'mail.verifyEmail.heading', message: 'Confirm your email' }),
  greeting: hi(text, name),
  paragraphs: [
    text(
      /*i18n*/ {
        id: 'mail.verifyEmail.text',
        message:
          'Thanks for signing up for Tapcard. Please confirm that this is your email address to finish creating your account.',
      },
    ),
  ],
  action: { label: text(/*i18n*/ { id: 'mail.verifyEmail.action', message: 'Confirm email' }), url },
  notes: [
    text(
      /*i18n*/ {
        id: 'mail.verifyEmail.validity',
        message:
          'This link is valid for {hours, plural, one {1 hour} other {{hours} hours}}. If it has expired, you can ask for a new one where you signed up.',
      },
      { hours: EMAIL_LINK_VALIDITY_HOURS.verifyEmail },
    ),
    text(
      /*i18n*/ {
        id: 'mail.verifyEmail.notYou',
        message: "If you didn't create a Tapcard account, you can ignore this email.",
      },
    ),
  ],
}));

/** Forgot password: a link to choose a new one. */
export const resetPassword = defineTemplate<ResetPasswordData>((text, { name, url }) => ({
  subject: text(/*i18n*/ { id: 'mail.resetPassword.subject', message: 'Reset your Tapcard password' }),
  preview: text(
    /*i18n*/ { id: 'mail.resetPassword.preview', message: 'Choose a new password for your Tapcard account.' },
  ),
  heading: text(/*i18n*/ { id: 'mail.resetPassword.heading', message: 'Reset your password' }),
  greeting: hi(text, name),
  paragraphs: [
    text(
      /*i18n*/ {
        id: 'mail.resetPassword.text',
        message:
          'We received a request to reset the password of your Tapcard account. Click the button below to choose a new one.',
      },
    ),
  ],
  action: {
    label: text(/*i18n*/ { id: 'mail.resetPassword.action', message: 'Choose a new password' }),
    url,
  },
  notes: [
    text(
      /*i18n*/ {
        id: 'mail.resetPassword.validity',
        message:
          'This link is valid for {hours, plural, one {1 hour} other {{hours} hours}} and can be used once.',
      },
      { hours: EMAIL_LINK_VALIDITY_HOURS.resetPassword },
    ),
    text(
      /*i18n*/ {
        id: 'mail.resetPassword.notYou',
        message:
          'If you did not ask to reset your password, ignore this email: your password stays the same.',
      },
    ),
  ],
}));

/** Account settings, first step of a change of address: the current address approves it. */
export const changeEmail = defineTemplate<ChangeEmailData>((text, { name, newEmail, url }) => ({
  subject: text(
    /*i18n*/ { id: 'mail.changeEmail.subject', message: 'Approve the change of your Tapcard email address' },
  ),
  preview: text(
    /*i18n*/ { id: 'mail.changeEmail.preview', message: 'Approve the change to {newEmail}.' },
    { newEmail },
  ),
  heading: text(/*i18n*/ { id: 'mail.changeEmail.heading', message: 'Approve the change of address' }),
  greeting: hi(text, name),
  paragraphs: [
    text(
      /*i18n*/ {
        id: 'mail.changeEmail.text',
        message:
          'You asked to change the email address of your Tapcard account to {newEmail}. Approve the change with the button below.',
      },
      { newEmail },
    ),
    text(
      /*i18n*/ {
        id: 'mail.changeEmail.next',
        message:
          'We then send a link to {newEmail}; your address changes once that link is opened. Until then, you keep signing in with your current address.',
      },
      { newEmail },
    ),
  ],
  action: { label: text(/*i18n*/ { id: 'mail.changeEmail.action', message: 'Approve the change' }), url },
  notes: [
    text(
      /*i18n*/ {
        id: 'mail.changeEmail.validity',
        message: 'This link is valid for {hours, plural, one {1 hour} other {{hours} hours}}.',
      },
      { hours: EMAIL_LINK_VALIDITY_HOURS.changeEmail },
    ),
    text(
      /*i18n*/ {
        id: 'mail.changeEmail.notYou',
        message:
          'If you did not ask for this change, ignore this email and your address stays the same. If you think someone else can use your account, change your password.',
      },
    ),
  ],
}));

/** Account settings, second step of a change of address: the new address confirms it is theirs. */
export const confirmNewEmail = defineTemplate<ConfirmNewEmailData>((text, { name, url }) => ({
  subject: text(
    /*i18n*/ { id: 'mail.confirmNewEmail.subject', message: 'Confirm your new email address for Tapcard' },
  ),
  preview: text(
    /*i18n*/ {
      id: 'mail.confirmNewEmail.preview',
      message: 'One click to move your Tapcard account to this address.',
    },
  ),
  heading: text(/*i18n*/ { id: 'mail.confirmNewEmail.heading', message: 'Confirm your new email address' }),
  greeting: hi(text, name),
  paragraphs: [
    text(
      /*i18n*/ {
        id: 'mail.confirmNewEmail.text',
        message:
          'You asked to move your Tapcard account to this email address, and approved it from your current one. Confirm that this address is yours to finish the change.',
      },
    ),
    text(
      /*i18n*/ {
        id: 'mail.confirmNewEmail.next',
        message: 'Once you confirm, you sign in with this address.',
      },
    ),
  ],
  action: {
    label: text(/*i18n*/ { id: 'mail.confirmNewEmail.action', message: 'Confirm this address' }),
    url,
  },
  notes: [
    text(
      /*i18n*/ {
        id: 'mail.confirmNewEmail.validity',
        message: 'This link is valid for {hours, plural, one {1 hour} other {{hours} hours}}.',
      },
      { hours: EMAIL_LINK_VALIDITY_HOURS.changeEmail },
    ),
    text(
      /*i18n*/ {
        id: 'mail.confirmNewEmail.notYou',
        message: 'If you did not ask for this, ignore this email: no account will use this address.',
      },
    ),
  ],
}));

/**
 * Sign-up with an address that already has a (confirmed) account. The sign-up screen answers as for any
 * address, so only the owner of the address learns that the account exists.
 */
export const accountExists = defineTemplate<AccountExistsData>((text, { name, signInUrl }) => ({
  subject: text(/*i18n*/ { id: 'mail.accountExists.subject', message: 'You already have a Tapcard account' }),
  preview: text(
    /*i18n*/ {
      id: 'mail.accountExists.preview',
      message: 'Someone tried to create a new account with this email address.',
    },
  ),
  heading: text(/*i18n*/ { id: 'mail.accountExists.heading', message: 'You already have an account' }),
  greeting: hi(text, name),
  paragraphs: [
    text(
      /*i18n*/ {
        id: 'mail.accountExists.text',
        message:
          'Someone, maybe you, just tried to create a Tapcard account with this email address. It already belongs to your account, so nothing new was created and your account stays as it is.',
      },
    ),
    text(
      /*i18n*/ {
        id: 'mail.accountExists.signIn',
        message:
          "To use your account, sign in. If you don't remember your password, choose “Forgot password?” on the sign-in page.",
        comment: "“Forgot password?” is the sign-in page's link, in the reader's language",
      },
    ),
  ],
  action: { label: text(/*i18n*/ { id: 'mail.accountExists.action', message: 'Sign in' }), url: signInUrl },
  notes: [
    text(
      /*i18n*/ { id: 'mail.accountExists.notYou', message: "If it wasn't you, you can ignore this email." },
    ),
  ],
}));

/** To the support team: a message from the contact form (replies go to the sender through Reply-To). */
export const supportRequest = defineTemplate<SupportRequestData>(
  (text, { fromName, fromEmail, subject, message, userId, plan }) => ({
    subject: text(
      /*i18n*/ {
        id: 'mail.supportRequest.subject',
        message: '[Support] {mark}{subject}',
        comment: 'mark is [Pro] or [Business] and a space for a message to answer first, else nothing',
      },
      { mark: priorityMark(plan), subject: singleLine(subject) },
    ),
    preview: text(
      /*i18n*/ {
        id: 'mail.supportRequest.preview',
        message:
          '{name} <{email}> wrote through the {form, select, support {support} other {public contact}} form.',
      },
      { name: fromName, email: fromEmail, form: userId ? 'support' : 'contact' },
    ),
    heading: text(/*i18n*/ { id: 'mail.supportRequest.heading', message: 'New support message' }),
    paragraphs: [
      userId
        ? text(
            /*i18n*/ {
              id: 'mail.supportRequest.fromAccount',
              message:
                '{sender} wrote through the Tapcard support form. Reply to this email to answer them directly.',
            },
            { sender: fromName || fromEmail },
          )
        : text(
            /*i18n*/ {
              id: 'mail.supportRequest.fromVisitor',
              message:
                '{sender} wrote through the public Tapcard contact form, without an account. Reply to this email to answer them directly.',
            },
            { sender: fromName || fromEmail },
          ),
    ],
    details: [
      { label: text(/*i18n*/ { id: 'mail.supportRequest.from', message: 'From' }), value: fromName },
      { label: text(/*i18n*/ { id: 'mail.supportRequest.email', message: 'Email' }), value: fromEmail },
      {
        label: text(/*i18n*/ { id: 'mail.supportRequest.userId', message: 'User id' }),
        value:
          userId ??
          text(/*i18n*/ { id: 'mail.supportRequest.noUser', message: 'none (a visitor without an account)' }),
      },
      {
        label: text(/*i18n*/ { id: 'mail.supportRequest.plan', message: 'Plan' }),
        value: text(
          /*i18n*/ {
            id: 'mail.supportRequest.planLabel',
            message:
              '{plan, select, business {Business: dedicated support, answer first} pro {Pro: priority support, answer before free accounts} free {Free trial} other {none}}',
            comment:
              "The sender's plan, and how soon support answers it; none for a visitor without an account",
          },
          { plan: plan ?? 'none' },
        ),
      },
      {
        label: text(/*i18n*/ { id: 'mail.supportRequest.subjectLabel', message: 'Subject' }),
        value: subject,
      },
    ],
    quote: message,
    notes: [
      text(
        /*i18n*/ {
          id: 'mail.supportRequest.promise',
          message:
            'The support page promises an answer within {hours, plural, one {1 hour} other {{hours} hours}}.',
        },
        { hours: SUPPORT_REPLY_HOURS },
      ),
    ],
    signed: false,
  }),
);

/** To the sender: we got the message and answer within 24 hours (spec section 2, Support). */
export const supportConfirmation = defineTemplate<SupportConfirmationData>((text, data) => {
  const received = text(
    /*i18n*/ { id: 'mail.supportConfirmation.received', message: 'We received your message' },
  );
  const hours = SUPPORT_REPLY_HOURS;
  return {
    subject:
      data.from === 'account'
        ? text(
            /*i18n*/ {
              id: 'mail.supportConfirmation.subject',
              message: 'We received your message: {subject}',
            },
            { subject: singleLine(data.subject) },
          )
        : received,
    preview: text(
      /*i18n*/ {
        id: 'mail.supportConfirmation.preview',
        message: 'Our support team will answer within {hours, plural, one {1 hour} other {{hours} hours}}.',
      },
      { hours },
    ),
    heading: received,
    greeting: hi(text, data.from === 'account' ? data.name : ''),
    paragraphs: [
      data.from === 'account'
        ? text(
            /*i18n*/ {
              id: 'mail.supportConfirmation.fromAccount',
              message:
                'Thanks for contacting Tapcard support. We received your message “{subject}” and will answer within {hours, plural, one {1 hour} other {{hours} hours}} at this email address.',
            },
            { subject: singleLine(data.subject), hours },
          )
        : text(
            /*i18n*/ {
              id: 'mail.supportConfirmation.fromVisitor',
              message:
                'Thanks for contacting Tapcard support. We received your message and will answer within {hours, plural, one {1 hour} other {{hours} hours}} at this email address.',
            },
            { hours },
          ),
      text(
        /*i18n*/ {
          id: 'mail.supportConfirmation.addMore',
          message: 'If you want to add something, just reply to this email.',
        },
      ),
    ],
    notes: [
      data.from === 'account'
        ? text(
            /*i18n*/ {
              id: 'mail.supportConfirmation.whyAccount',
              message:
                'You received this email because you sent a message through the support form of your Tapcard account.',
            },
          )
        : text(
            /*i18n*/ {
              id: 'mail.supportConfirmation.whyVisitor',
              message:
                "You received this email because a message was sent with this address through the Tapcard contact form. If it wasn't you, you can ignore this email.",
            },
          ),
    ],
  };
});

/** Why a trial's e-mails are sent. */
const trialReason = (text: Translator) =>
  text(
    /*i18n*/ {
      id: 'mail.trial.reason',
      message: 'You received this email because you started a free Tapcard trial with this address.',
    },
  );
const choosePlan = (text: Translator) =>
  text(/*i18n*/ { id: 'mail.trial.choosePlan', message: 'Choose a plan' });

/** A few days before a free trial ends (src/plans.ts TRIAL_REMINDER_LEAD_DAYS; server/trials). */
export const trialEndingSoon = defineTemplate<TrialEndingSoonData>((text, { name, daysLeft, url }) => ({
  subject: text(
    /*i18n*/ {
      id: 'mail.trialEndingSoon.subject',
      message: 'Your Tapcard trial ends in {days, plural, one {1 day} other {{days} days}}',
    },
    { days: daysLeft },
  ),
  preview: text(
    /*i18n*/ {
      id: 'mail.trialEndingSoon.preview',
      message: 'Choose a plan to keep your public profile online.',
    },
  ),
  heading: text(/*i18n*/ { id: 'mail.trialEndingSoon.heading', message: 'Your free trial ends soon' }),
  greeting: hi(text, name),
  paragraphs: [
    text(
      /*i18n*/ {
        id: 'mail.trialEndingSoon.text',
        message: 'Your free Tapcard trial ends in {days, plural, one {1 day} other {{days} days}}.',
      },
      { days: daysLeft },
    ),
    text(
      /*i18n*/ {
        id: 'mail.trialEndingSoon.then',
        message:
          'When it ends, your public profile goes offline and your vCards and QR codes are paused until you choose a plan. Nothing is deleted: everything is back as soon as you choose one.',
      },
    ),
  ],
  action: { label: choosePlan(text), url },
  notes: [trialReason(text)],
}));

/** On the day a free trial ended (server/trials). */
export const trialEnded = defineTemplate<TrialEndedData>((text, { name, url }) => ({
  subject: text(/*i18n*/ { id: 'mail.trialEnded.subject', message: 'Your Tapcard trial has ended' }),
  preview: text(
    /*i18n*/ {
      id: 'mail.trialEnded.preview',
      message: 'Your public profile is offline until you choose a plan.',
    },
  ),
  heading: text(/*i18n*/ { id: 'mail.trialEnded.heading', message: 'Your free trial has ended' }),
  greeting: hi(text, name),
  paragraphs: [
    text(
      /*i18n*/ {
        id: 'mail.trialEnded.text',
        message:
          'Your free Tapcard trial ended today. Your public profile is offline now, and your vCards and QR codes are paused.',
      },
    ),
    text(
      /*i18n*/ {
        id: 'mail.trialEnded.kept',
        message: 'Your data is kept: choose a plan and everything is back online right away.',
      },
    ),
  ],
  action: { label: choosePlan(text), url },
  notes: [trialReason(text)],
}));

/** A date as the e-mail's reader writes it; in UTC, the one zone the server knows for everybody. */
function mailDate(locale: Locale, value: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
}

/** "a, b and c" in the reader's language. */
function listOf(locale: Locale, items: string[]): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/** What is paused, each kind counted, the kinds with none left out. */
function pausedItems(text: Translator, { vcard, qrCode, profileLink }: PausedCounts): string[] {
  return [
    vcard > 0
      ? text(
          /*i18n*/ {
            id: 'mail.planEnded.vcards',
            message: '{count, plural, one {1 vCard} other {{count} vCards}}',
          },
          { count: vcard },
        )
      : null,
    qrCode > 0
      ? text(
          /*i18n*/ {
            id: 'mail.planEnded.qrCodes',
            message: '{count, plural, one {1 QR code} other {{count} QR codes}}',
          },
          { count: qrCode },
        )
      : null,
    profileLink > 0
      ? text(
          /*i18n*/ {
            id: 'mail.planEnded.profileLinks',
            message: '{count, plural, one {1 profile link} other {{count} profile links}}',
          },
          { count: profileLink },
        )
      : null,
  ].filter((item) => item !== null);
}

/** What the account is like now that its plan ended: online on the free plan's rules, or offline. */
function planEndedState(
  text: Translator,
  locale: Locale,
  { onlineUntil, paused }: Pick<PlanEndedData, 'onlineUntil' | 'paused'>,
): string[] {
  const items = pausedItems(text, paused);
  if (!onlineUntil) {
    return [
      items.length > 0
        ? text(
            /*i18n*/ {
              id: 'mail.planEnded.offlinePaused',
              message: 'Your public profile is offline, and these are paused: {items}.',
              comment: 'items lists what is paused: "2 vCards, 1 QR code and 3 profile links"',
            },
            { items: listOf(locale, items) },
          )
        : text(/*i18n*/ { id: 'mail.planEnded.offline', message: 'Your public profile is offline.' }),
    ];
  }
  return [
    text(
      /*i18n*/ {
        id: 'mail.planEnded.onlineUntil',
        message:
          "Your public profile stays online with the free plan's limits until your free trial ends on {date}.",
      },
      { date: mailDate(locale, onlineUntil) },
    ),
    ...(items.length > 0
      ? [
          text(
            /*i18n*/ {
              id: 'mail.planEnded.overLimits',
              message:
                'Over those limits, these are paused: {items}. On the vCards, QR codes and links pages of your dashboard, “Keep live” chooses which ones stay live.',
              comment:
                'items lists what is paused: "2 vCards, 1 QR code and 3 profile links"; “Keep live” is a button of those pages',
            },
            { items: listOf(locale, items) },
          ),
        ]
      : []),
  ];
}

/**
 * Once a paid plan ended (server/billing/plan-ends.ts): which plan and when, what is paused now (the whole
 * account when its trial is over too, else what is over the free plan's limits) and how to lift it.
 */
export const planEnded = defineTemplate<PlanEndedData>((text, data, { locale }) => {
  const plan = text(
    /*i18n*/ {
      id: 'mail.planEnded.planName',
      message: '{plan, select, business {Business plan} pro {Pro plan} other {paid plan}}',
      comment: 'The plan that ended, as the other texts of this e-mail name it',
    },
    { plan: data.plan ?? 'none' },
  );
  return {
    subject: text(
      /*i18n*/ { id: 'mail.planEnded.subject', message: 'Your Tapcard {plan} has ended' },
      { plan },
    ),
    preview: data.onlineUntil
      ? text(
          /*i18n*/ { id: 'mail.planEnded.previewOnline', message: 'Your account is on the free plan now.' },
        )
      : text(
          /*i18n*/ {
            id: 'mail.planEnded.previewOffline',
            message: 'Your public profile is offline until you renew.',
          },
        ),
    heading: text(/*i18n*/ { id: 'mail.planEnded.heading', message: 'Your {plan} has ended' }, { plan }),
    greeting: hi(text, data.name),
    paragraphs: [
      text(
        /*i18n*/ {
          id: 'mail.planEnded.text',
          message:
            'Your Tapcard {plan} ended on {date}. Your account is on the free plan now, and nothing was deleted.',
        },
        { plan, date: mailDate(locale, data.endedAt) },
      ),
      ...planEndedState(text, locale, data),
      text(
        /*i18n*/ {
          id: 'mail.planEnded.renew',
          message: 'Renew your plan and everything is back right away.',
        },
      ),
    ],
    action: {
      label: text(/*i18n*/ { id: 'mail.planEnded.action', message: 'Renew your plan' }),
      url: data.url,
    },
    notes: [
      text(
        /*i18n*/ {
          id: 'mail.planEnded.reason',
          message: 'You received this email because the paid plan of your Tapcard account ended.',
        },
      ),
    ],
  };
});

/**
 * An invitation to a team, in the team's name: the link leads to the invitation's page. Under white label
 * (the team's brand given) it names no Tapcard: the team's is the only brand in it.
 */
export const teamInvitation = defineTemplate<TeamInvitationData>(
  (text, { inviterName, teamName, role, url }, { branding }) => {
    const names = { inviter: singleLine(inviterName), team: singleLine(teamName) };
    const tapcard = branding.kind === 'tapcard';
    return {
      subject: tapcard
        ? text(
            /*i18n*/ {
              id: 'mail.teamInvitation.subject',
              message: '{inviter} invited you to join {team} on Tapcard',
            },
            names,
          )
        : text(
            /*i18n*/ {
              id: 'mail.teamInvitation.subjectWhiteLabel',
              message: '{inviter} invited you to join {team}',
            },
            names,
          ),
      preview: text(
        /*i18n*/ {
          id: 'mail.teamInvitation.preview',
          message: 'Join {team} and get your digital business card.',
        },
        { team: names.team },
      ),
      heading: text(
        /*i18n*/ { id: 'mail.teamInvitation.heading', message: 'Join {team}' },
        { team: teamName },
      ),
      greeting: hi(text, ''),
      paragraphs: [
        tapcard
          ? text(
              /*i18n*/ {
                id: 'mail.teamInvitation.text',
                message:
                  '{inviter} invited you to join {team} on Tapcard as {role, select, admin {an admin} other {a member}}. The team gives you a digital business card with its brand, which you can share by link, QR code or tap.',
              },
              { inviter: inviterName, team: teamName, role },
            )
          : text(
              /*i18n*/ {
                id: 'mail.teamInvitation.textWhiteLabel',
                message:
                  '{inviter} invited you to join {team} as {role, select, admin {an admin} other {a member}}. The team gives you a digital business card with its brand, which you can share by link, QR code or tap.',
              },
              { inviter: inviterName, team: teamName, role },
            ),
        tapcard
          ? text(
              /*i18n*/ {
                id: 'mail.teamInvitation.accept',
                message:
                  'Open the invitation to accept it. If you have no Tapcard account yet, you can create one there with this email address.',
              },
            )
          : text(
              /*i18n*/ {
                id: 'mail.teamInvitation.acceptWhiteLabel',
                message:
                  'Open the invitation to accept it. If you have no account yet, you can create one there with this email address.',
              },
            ),
      ],
      action: {
        label: text(/*i18n*/ { id: 'mail.teamInvitation.action', message: 'Open the invitation' }),
        url,
      },
      notes: [
        text(
          /*i18n*/ {
            id: 'mail.teamInvitation.validity',
            message:
              'This invitation is valid for {days, plural, one {1 day} other {{days} days}}. If it has expired, ask {inviter} to send it again.',
          },
          { days: TEAM_INVITATION_DAYS, inviter: inviterName },
        ),
        text(
          /*i18n*/ {
            id: 'mail.teamInvitation.notYou',
            message:
              "If you don't know this team, you can ignore this email: nothing happens unless you accept.",
          },
        ),
      ],
    };
  },
);

export interface WebhookDisabledData {
  name: string;
  /** The endpoint's address, as its owner entered it. */
  endpointUrl: string;
  /** The team whose endpoint it is (its owner is told), or null for the recipient's own. */
  teamName: string | null;
  /** How long its deliveries failed (WEBHOOK_DISABLE_AFTER_DAYS). */
  days: number;
  /** Where the endpoint is enabled again. */
  url: string;
}

/** Tells the owner of a webhook endpoint (or of its team) that it was disabled for failing. */
export const webhookDisabled = defineTemplate<WebhookDisabledData>(
  (text, { name, endpointUrl, teamName, days, url }) => ({
    subject: text(
      /*i18n*/ { id: 'mail.webhookDisabled.subject', message: 'A Tapcard webhook endpoint was disabled' },
    ),
    preview: text(
      /*i18n*/ {
        id: 'mail.webhookDisabled.preview',
        message: 'Deliveries to {endpoint} failed for {days, plural, one {1 day} other {{days} days}}.',
      },
      { endpoint: singleLine(endpointUrl), days },
    ),
    heading: text(/*i18n*/ { id: 'mail.webhookDisabled.heading', message: 'Webhook endpoint disabled' }),
    greeting: hi(text, name),
    paragraphs: [
      teamName === null
        ? text(
            /*i18n*/ {
              id: 'mail.webhookDisabled.text',
              message:
                'Every delivery to your webhook endpoint {endpoint} has failed for {days, plural, one {1 day} other {{days} days}}, so it was disabled: no more events are sent to it.',
            },
            { endpoint: endpointUrl, days },
          )
        : text(
            /*i18n*/ {
              id: 'mail.webhookDisabled.textTeam',
              message:
                'Every delivery to the webhook endpoint {endpoint} of your team {team} has failed for {days, plural, one {1 day} other {{days} days}}, so it was disabled: no more events are sent to it.',
            },
            { endpoint: endpointUrl, team: teamName, days },
          ),
      text(
        /*i18n*/ {
          id: 'mail.webhookDisabled.enableAgain',
          message:
            'Check that the endpoint answers with a 2xx status, then enable it again. Events of the meantime are in its delivery log, where you can send them again.',
        },
      ),
    ],
    action: {
      label: text(/*i18n*/ { id: 'mail.webhookDisabled.action', message: 'Open your webhooks' }),
      url,
    },
    notes: [
      teamName === null
        ? text(
            /*i18n*/ {
              id: 'mail.webhookDisabled.reason',
              message:
                'You received this email because you added this webhook endpoint to your Tapcard account.',
            },
          )
        : text(
            /*i18n*/ {
              id: 'mail.webhookDisabled.reasonTeam',
              message:
                'You received this email because you own the team {team}, whose webhook endpoint this is.',
            },
            { team: teamName },
          ),
    ],
  }),
);

export interface DomainLostData {
  name: string;
  /** The custom domain whose TXT record is gone. */
  domain: string;
  /** Where its proof is read: `_tapcard-verify.{domain}`. */
  recordName: string;
  /** What the record must hold. */
  recordValue: string;
  /** The team whose domain it is (its owner is told), or null for the recipient's own. */
  teamName: string | null;
  /** The dashboard's domains page. */
  url: string;
}

/** The domain e-mails' button. */
const openDomains = (text: Translator) =>
  text(/*i18n*/ { id: 'mail.domain.action', message: 'Open your domains' });

/** Why the owner of a domain of their own is told. */
const ownDomainReason = (text: Translator) =>
  text(
    /*i18n*/ {
      id: 'mail.domain.reason',
      message: 'You received this email because you added this domain to your Tapcard account.',
    },
  );

/** Tells the owner of a custom domain (or of its team) that the daily check no longer finds its TXT record. */
export const domainLost = defineTemplate<DomainLostData>(
  (text, { name, domain, recordName, recordValue, teamName, url }) => ({
    subject: text(
      /*i18n*/ { id: 'mail.domainLost.subject', message: 'The DNS record of {domain} is gone' },
      { domain: singleLine(domain) },
    ),
    preview: text(
      /*i18n*/ {
        id: 'mail.domainLost.preview',
        message: 'Tapcard no longer finds the TXT record that proves {domain} is yours.',
      },
      { domain: singleLine(domain) },
    ),
    heading: text(/*i18n*/ { id: 'mail.domainLost.heading', message: 'Domain record lost' }),
    greeting: hi(text, name),
    paragraphs: [
      teamName === null
        ? text(
            /*i18n*/ {
              id: 'mail.domainLost.text',
              message:
                'The daily check no longer finds the TXT record that proves your domain {domain} is yours.',
            },
            { domain },
          )
        : text(
            /*i18n*/ {
              id: 'mail.domainLost.textTeam',
              message:
                'The daily check no longer finds the TXT record that proves the domain {domain} of your team {team} is yours.',
            },
            { domain, team: teamName },
          ),
      text(
        /*i18n*/ {
          id: 'mail.domainLost.addAgain',
          message:
            'Add the TXT record {recordName} with the value {recordValue} at your DNS provider again. The domain is verified again as soon as a check finds it; you can also press "Check now" on the domains page.',
          comment: '"Check now" is a button of the domains page, as the reader sees it',
        },
        { recordName, recordValue },
      ),
      text(
        /*i18n*/ {
          id: 'mail.domainLost.grace',
          message:
            'The domain keeps working meanwhile. If the record is not back within {days, plural, one {1 day} other {{days} days}}, the domain is released: it stops showing the cards, and whoever holds the name can prove it.',
        },
        { days: DOMAIN_LOST_GRACE_DAYS },
      ),
    ],
    action: { label: openDomains(text), url },
    notes: [
      teamName === null
        ? ownDomainReason(text)
        : text(
            /*i18n*/ {
              id: 'mail.domainLost.reasonTeam',
              message: 'You received this email because you own the team {team}, whose domain this is.',
            },
            { team: teamName },
          ),
    ],
  }),
);

/** A domain released after DOMAIN_LOST_GRACE_DAYS without its record (server/domains/service.ts). */
export type DomainReleasedData = Omit<DomainLostData, 'recordName' | 'recordValue'>;

export const domainReleased = defineTemplate<DomainReleasedData>((text, { name, domain, teamName, url }) => {
  const days = DOMAIN_LOST_GRACE_DAYS;
  return {
    subject: text(
      /*i18n*/ { id: 'mail.domainReleased.subject', message: '{domain} was released' },
      { domain: singleLine(domain) },
    ),
    preview: text(
      /*i18n*/ {
        id: 'mail.domainReleased.preview',
        message:
          'The TXT record of {domain} was not back within {days, plural, one {1 day} other {{days} days}}.',
      },
      { domain: singleLine(domain), days },
    ),
    heading: text(/*i18n*/ { id: 'mail.domainReleased.heading', message: 'Domain released' }),
    greeting: hi(text, name),
    paragraphs: [
      teamName === null
        ? text(
            /*i18n*/ {
              id: 'mail.domainReleased.text',
              message:
                'The TXT record that proved your domain {domain} was not back within {days, plural, one {1 day} other {{days} days}}, so the domain was released.',
            },
            { domain, days },
          )
        : text(
            /*i18n*/ {
              id: 'mail.domainReleased.textTeam',
              message:
                'The TXT record that proved the domain {domain} of your team {team} was not back within {days, plural, one {1 day} other {{days} days}}, so the domain was released.',
            },
            { domain, team: teamName, days },
          ),
      text(
        /*i18n*/ {
          id: 'mail.domainReleased.after',
          message:
            'Its cards and short links now lead to the same addresses on the main site, so printed codes keep working. Whoever holds the name can now prove it. To use it again, add it on the domains page and add its new record.',
        },
      ),
    ],
    action: { label: openDomains(text), url },
    notes: [
      teamName === null
        ? ownDomainReason(text)
        : text(
            /*i18n*/ {
              id: 'mail.domainReleased.reasonTeam',
              message: 'You received this email because you own the team {team}, whose domain this was.',
            },
            { team: teamName },
          ),
    ],
  };
});

/** What a visitor left on a card's page (server/leads/notify.ts): the fields they gave, null the others. */
export interface LeadDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  note: string | null;
  /** The card whose page it was left on. */
  cardName: string;
  createdAt: Date;
}

export interface NewLeadData {
  name: string;
  lead: LeadDetails;
  /** The team whose card it is (its owner is told), or null for the recipient's own. */
  teamName: string | null;
  /** The dashboard's leads page. */
  url: string;
}

export interface LeadDigestData {
  name: string;
  /** The day's leads, the oldest first, as many as one e-mail lists (LEAD_DIGEST_LISTED). */
  leads: LeadDetails[];
  /** The leads of the day beyond those listed. */
  more: number;
  teamName: string | null;
  url: string;
}

/** A lead's fields as label/value rows, each given one only (the note is quoted below them). */
function leadRows(lead: LeadDetails, labels: Record<'name' | 'email' | 'phone' | 'company', string>) {
  return (['name', 'email', 'phone', 'company'] as const).flatMap((field) => {
    const value = lead[field];
    return value === null ? [] : [{ label: labels[field], value }];
  });
}

/** A lead on one line of a digest: who, how to reach them, on which card. */
function leadLine(lead: LeadDetails, unnamed: string): { label: string; value: string } {
  const reach = [lead.email, lead.phone, lead.company].filter((part) => part !== null).join(' · ');
  return { label: lead.name ?? unnamed, value: [reach, `(${lead.cardName})`].filter(Boolean).join(' ') };
}

/** The lead e-mails' button. */
const openLeads = (text: Translator) => text(/*i18n*/ { id: 'mail.lead.action', message: 'Open your leads' });

/** Tells a card's owner (or its team's) that a visitor left their details on the card's page. */
export const newLead = defineTemplate<NewLeadData>((text, { name, lead, teamName, url }, { locale }) => {
  const date = mailDate(locale, lead.createdAt);
  const who =
    lead.name ??
    text(
      /*i18n*/ { id: 'mail.newLead.aVisitor', message: 'A visitor', comment: 'A visitor who gave no name' },
    );
  return {
    subject: text(
      /*i18n*/ { id: 'mail.newLead.subject', message: 'New contact on your card {card}' },
      { card: singleLine(lead.cardName) },
    ),
    preview: text(
      /*i18n*/ { id: 'mail.newLead.preview', message: '{who} shared their contact details with you.' },
      { who: singleLine(who) },
    ),
    heading: text(/*i18n*/ { id: 'mail.newLead.heading', message: 'New contact' }),
    greeting: hi(text, name),
    paragraphs: [
      teamName === null
        ? text(
            /*i18n*/ {
              id: 'mail.newLead.text',
              message: 'A visitor of your card {card} shared their contact details with you on {date}:',
            },
            { card: lead.cardName, date },
          )
        : text(
            /*i18n*/ {
              id: 'mail.newLead.textTeam',
              message:
                'A visitor of the card {card} of your team {team} shared their contact details on {date}:',
            },
            { card: lead.cardName, team: teamName, date },
          ),
    ],
    details: leadRows(lead, {
      name: text(/*i18n*/ { id: 'mail.newLead.name', message: 'Name', comment: "The visitor's name" }),
      email: text(/*i18n*/ { id: 'mail.newLead.email', message: 'Email' }),
      phone: text(/*i18n*/ { id: 'mail.newLead.phone', message: 'Phone' }),
      company: text(/*i18n*/ { id: 'mail.newLead.company', message: 'Company' }),
    }),
    ...(lead.note === null ? {} : { quote: lead.note }),
    action: { label: openLeads(text), url },
    notes: [
      text(
        /*i18n*/ {
          id: 'mail.newLead.consent',
          message:
            'They agreed to the consent text of the card: the leads page keeps its receipt. You can choose a daily summary instead of an email per contact there.',
        },
      ),
      teamName === null
        ? text(
            /*i18n*/ {
              id: 'mail.newLead.reason',
              message:
                'You received this email because your card asks its visitors to share their contact details.',
            },
          )
        : text(
            /*i18n*/ {
              id: 'mail.newLead.reasonTeam',
              message:
                'You received this email because you own the team {team}, whose card asks its visitors to share their contact details.',
            },
            { team: teamName },
          ),
    ],
  };
});

/** The daily summary of the contacts left on an account's cards since the last one. */
export const leadDigest = defineTemplate<LeadDigestData>((text, { name, leads, more, teamName, url }) => {
  const count = leads.length + more;
  const unnamed = text(
    /*i18n*/ {
      id: 'mail.leadDigest.noName',
      message: 'No name given',
      comment: 'A visitor who gave no name',
    },
  );
  return {
    subject: text(
      /*i18n*/ {
        id: 'mail.leadDigest.subject',
        message: '{count, plural, one {1 new contact} other {{count} new contacts}} on your Tapcard cards',
      },
      { count },
    ),
    preview: text(
      /*i18n*/ {
        id: 'mail.leadDigest.preview',
        message:
          'Visitors of your cards shared their contact details: {count, plural, one {1 new contact} other {{count} new contacts}}.',
      },
      { count },
    ),
    heading: text(/*i18n*/ { id: 'mail.leadDigest.heading', message: 'Your new contacts' }),
    greeting: hi(text, name),
    paragraphs: [
      teamName === null
        ? text(
            /*i18n*/ {
              id: 'mail.leadDigest.text',
              message:
                'Since the last summary, visitors of your cards left {count, plural, one {1 new contact} other {{count} new contacts}}:',
            },
            { count },
          )
        : text(
            /*i18n*/ {
              id: 'mail.leadDigest.textTeam',
              message:
                'Since the last summary, visitors of the cards of your team {team} left {count, plural, one {1 new contact} other {{count} new contacts}}:',
            },
            { team: teamName, count },
          ),
      ...(more > 0
        ? [
            text(
              /*i18n*/ {
                id: 'mail.leadDigest.more',
                message: 'And {more} more: every one is on the leads page.',
              },
              { more },
            ),
          ]
        : []),
    ],
    details: leads.map((lead) => leadLine(lead, unnamed)),
    action: { label: openLeads(text), url },
    notes: [
      text(
        /*i18n*/ {
          id: 'mail.leadDigest.reason',
          message:
            'You receive one summary a day because you chose it on the leads page; you can have an email per contact there instead.',
        },
      ),
    ],
  };
});
