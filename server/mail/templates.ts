import { EMAIL_LINK_VALIDITY_HOURS } from '../../src/email-links.ts';
import { DOMAIN_LOST_GRACE_DAYS } from '../../src/domains.ts';
import type { Locale } from '../../src/i18n.ts';
import type { PausedCounts } from '../../src/pauses.ts';
import type { PaidPlanId, PlanId } from '../../src/plans.ts';
import { SUPPORT_REPLY_HOURS } from '../../src/schemas/support.ts';
import { TEAM_INVITATION_DAYS, type InvitableTeamRole } from '../../src/teams.ts';
import { TAPCARD_BRANDING, type Branding } from '../branding/branding.ts';
import { renderMail, singleLine, type MailContent, type RenderedMail } from './layout.ts';

// The product's e-mails, each in every language of the product (docs/decisions/001-name-and-languages.md:
// e-mails too). A template is a Record<Locale, …>, so a missing language is a type error. Texts are plain
// strings: the layout escapes them (server/mail/layout.ts). Durations come from src/, the same constants the
// tokens expire by.

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

function defineTemplate<D>(texts: Record<Locale, (data: D, branding: Branding) => MailContent>): Template<D> {
  return (locale, data, branding = TAPCARD_BRANDING) =>
    renderMail(locale, texts[locale](data, branding), branding);
}

const hoursEn = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);
const hoursEs = (hours: number) => (hours === 1 ? '1 hora' : `${hours} horas`);
const daysEn = (days: number) => (days === 1 ? '1 day' : `${days} days`);
const daysEs = (days: number) => (days === 1 ? '1 día' : `${days} días`);
const hiEn = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');
const hiEs = (name: string) => (name.trim() ? `Hola, ${name.trim()}:` : 'Hola:');

/** Sign-up: confirm the address (spec section 8: the link is valid 24 hours). */
export const verifyEmail = defineTemplate<VerifyEmailData>({
  en: ({ name, url }) => ({
    subject: 'Confirm your email for Tapcard',
    preview: 'One click to finish creating your Tapcard account.',
    heading: 'Confirm your email',
    greeting: hiEn(name),
    paragraphs: [
      'Thanks for signing up for Tapcard. Please confirm that this is your email address to finish creating your account.',
    ],
    action: { label: 'Confirm email', url },
    notes: [
      `This link is valid for ${hoursEn(EMAIL_LINK_VALIDITY_HOURS.verifyEmail)}. If it has expired, you can ask for a new one where you signed up.`,
      "If you didn't create a Tapcard account, you can ignore this email.",
    ],
  }),
  es: ({ name, url }) => ({
    subject: 'Confirma tu correo electrónico en Tapcard',
    preview: 'Un clic para terminar de crear tu cuenta de Tapcard.',
    heading: 'Confirma tu correo',
    greeting: hiEs(name),
    paragraphs: [
      'Gracias por registrarte en Tapcard. Confirma que esta es tu dirección de correo para terminar de crear tu cuenta.',
    ],
    action: { label: 'Confirmar correo', url },
    notes: [
      `Este enlace es válido durante ${hoursEs(EMAIL_LINK_VALIDITY_HOURS.verifyEmail)}. Si ha caducado, puedes pedir uno nuevo donde te registraste.`,
      'Si no has creado una cuenta de Tapcard, puedes ignorar este correo.',
    ],
  }),
});

/** Forgot password: a link to choose a new one. */
export const resetPassword = defineTemplate<ResetPasswordData>({
  en: ({ name, url }) => ({
    subject: 'Reset your Tapcard password',
    preview: 'Choose a new password for your Tapcard account.',
    heading: 'Reset your password',
    greeting: hiEn(name),
    paragraphs: [
      'We received a request to reset the password of your Tapcard account. Click the button below to choose a new one.',
    ],
    action: { label: 'Choose a new password', url },
    notes: [
      `This link is valid for ${hoursEn(EMAIL_LINK_VALIDITY_HOURS.resetPassword)} and can be used once.`,
      'If you did not ask to reset your password, ignore this email: your password stays the same.',
    ],
  }),
  es: ({ name, url }) => ({
    subject: 'Restablece tu contraseña de Tapcard',
    preview: 'Elige una nueva contraseña para tu cuenta de Tapcard.',
    heading: 'Restablece tu contraseña',
    greeting: hiEs(name),
    paragraphs: [
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Tapcard. Pulsa el botón de abajo para elegir una nueva.',
    ],
    action: { label: 'Elegir nueva contraseña', url },
    notes: [
      `Este enlace es válido durante ${hoursEs(EMAIL_LINK_VALIDITY_HOURS.resetPassword)} y solo se puede usar una vez.`,
      'Si no has pedido restablecer tu contraseña, ignora este correo: tu contraseña no cambia.',
    ],
  }),
});

/** Account settings, first step of a change of address: the current address approves it. */
export const changeEmail = defineTemplate<ChangeEmailData>({
  en: ({ name, newEmail, url }) => ({
    subject: 'Approve the change of your Tapcard email address',
    preview: `Approve the change to ${newEmail}.`,
    heading: 'Approve the change of address',
    greeting: hiEn(name),
    paragraphs: [
      `You asked to change the email address of your Tapcard account to ${newEmail}. Approve the change with the button below.`,
      `We then send a link to ${newEmail}; your address changes once that link is opened. Until then, you keep signing in with your current address.`,
    ],
    action: { label: 'Approve the change', url },
    notes: [
      `This link is valid for ${hoursEn(EMAIL_LINK_VALIDITY_HOURS.changeEmail)}.`,
      'If you did not ask for this change, ignore this email and your address stays the same. If you think someone else can use your account, change your password.',
    ],
  }),
  es: ({ name, newEmail, url }) => ({
    subject: 'Aprueba el cambio de tu correo electrónico en Tapcard',
    preview: `Aprueba el cambio a ${newEmail}.`,
    heading: 'Aprueba el cambio de dirección',
    greeting: hiEs(name),
    paragraphs: [
      `Has pedido cambiar la dirección de correo de tu cuenta de Tapcard a ${newEmail}. Aprueba el cambio con el botón de abajo.`,
      `Después enviaremos un enlace a ${newEmail}; tu dirección cambia cuando se abra ese enlace. Hasta entonces, sigues iniciando sesión con tu dirección actual.`,
    ],
    action: { label: 'Aprobar el cambio', url },
    notes: [
      `Este enlace es válido durante ${hoursEs(EMAIL_LINK_VALIDITY_HOURS.changeEmail)}.`,
      'Si no has pedido este cambio, ignora este correo y tu dirección no cambiará. Si crees que otra persona puede usar tu cuenta, cambia tu contraseña.',
    ],
  }),
});

/** Account settings, second step of a change of address: the new address confirms it is theirs. */
export const confirmNewEmail = defineTemplate<ConfirmNewEmailData>({
  en: ({ name, url }) => ({
    subject: 'Confirm your new email address for Tapcard',
    preview: 'One click to move your Tapcard account to this address.',
    heading: 'Confirm your new email address',
    greeting: hiEn(name),
    paragraphs: [
      'You asked to move your Tapcard account to this email address, and approved it from your current one. Confirm that this address is yours to finish the change.',
      'Once you confirm, you sign in with this address.',
    ],
    action: { label: 'Confirm this address', url },
    notes: [
      `This link is valid for ${hoursEn(EMAIL_LINK_VALIDITY_HOURS.changeEmail)}.`,
      'If you did not ask for this, ignore this email: no account will use this address.',
    ],
  }),
  es: ({ name, url }) => ({
    subject: 'Confirma tu nueva dirección de correo en Tapcard',
    preview: 'Un clic para pasar tu cuenta de Tapcard a esta dirección.',
    heading: 'Confirma tu nueva dirección de correo',
    greeting: hiEs(name),
    paragraphs: [
      'Has pedido pasar tu cuenta de Tapcard a esta dirección de correo y lo has aprobado desde la actual. Confirma que esta dirección es tuya para terminar el cambio.',
      'Cuando lo confirmes, iniciarás sesión con esta dirección.',
    ],
    action: { label: 'Confirmar esta dirección', url },
    notes: [
      `Este enlace es válido durante ${hoursEs(EMAIL_LINK_VALIDITY_HOURS.changeEmail)}.`,
      'Si no lo has pedido tú, ignora este correo: ninguna cuenta usará esta dirección.',
    ],
  }),
});

/**
 * Sign-up with an address that already has a (confirmed) account. The sign-up screen answers as for any
 * address, so only the owner of the address learns that the account exists.
 */
export const accountExists = defineTemplate<AccountExistsData>({
  en: ({ name, signInUrl }) => ({
    subject: 'You already have a Tapcard account',
    preview: 'Someone tried to create a new account with this email address.',
    heading: 'You already have an account',
    greeting: hiEn(name),
    paragraphs: [
      'Someone, maybe you, just tried to create a Tapcard account with this email address. It already belongs to your account, so nothing new was created and your account stays as it is.',
      "To use your account, sign in. If you don't remember your password, choose “Forgot password?” on the sign-in page.",
    ],
    action: { label: 'Sign in', url: signInUrl },
    notes: ["If it wasn't you, you can ignore this email."],
  }),
  es: ({ name, signInUrl }) => ({
    subject: 'Ya tienes una cuenta de Tapcard',
    preview: 'Alguien ha intentado crear una cuenta nueva con esta dirección de correo.',
    heading: 'Ya tienes una cuenta',
    greeting: hiEs(name),
    paragraphs: [
      'Alguien, quizá tú, acaba de intentar crear una cuenta de Tapcard con esta dirección de correo. Ya pertenece a tu cuenta, así que no se ha creado nada nuevo y tu cuenta sigue igual.',
      'Para usar tu cuenta, inicia sesión. Si no recuerdas tu contraseña, elige «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
    ],
    action: { label: 'Iniciar sesión', url: signInUrl },
    notes: ['Si no has sido tú, puedes ignorar este correo.'],
  }),
});

const PLAN_LABEL_EN: Record<PlanId | 'none', string> = {
  business: 'Business: dedicated support, answer first',
  pro: 'Pro: priority support, answer before free accounts',
  free: 'Free trial',
  none: 'none',
};
const PLAN_LABEL_ES: Record<PlanId | 'none', string> = {
  business: 'Empresa: soporte dedicado, responder primero',
  pro: 'Pro: soporte prioritario, responder antes que a las cuentas gratuitas',
  free: 'Prueba gratuita',
  none: 'ninguno',
};

/** To the support team: a message from the contact form (replies go to the sender through Reply-To). */
export const supportRequest = defineTemplate<SupportRequestData>({
  en: ({ fromName, fromEmail, subject, message, userId, plan }) => ({
    subject: `[Support] ${priorityMark(plan)}${singleLine(subject)}`,
    preview: `${fromName} <${fromEmail}> wrote through the ${userId ? 'support' : 'public contact'} form.`,
    heading: 'New support message',
    paragraphs: [
      userId
        ? `${fromName || fromEmail} wrote through the Tapcard support form. Reply to this email to answer them directly.`
        : `${fromName || fromEmail} wrote through the public Tapcard contact form, without an account. Reply to this email to answer them directly.`,
    ],
    details: [
      { label: 'From', value: fromName },
      { label: 'Email', value: fromEmail },
      { label: 'User id', value: userId ?? 'none (a visitor without an account)' },
      { label: 'Plan', value: PLAN_LABEL_EN[plan ?? 'none'] },
      { label: 'Subject', value: subject },
    ],
    quote: message,
    notes: [`The support page promises an answer within ${hoursEn(SUPPORT_REPLY_HOURS)}.`],
    signed: false,
  }),
  es: ({ fromName, fromEmail, subject, message, userId, plan }) => ({
    subject: `[Soporte] ${priorityMark(plan)}${singleLine(subject)}`,
    preview: `${fromName} <${fromEmail}> ha escrito desde el formulario ${userId ? 'de soporte' : 'de contacto público'}.`,
    heading: 'Nuevo mensaje de soporte',
    paragraphs: [
      userId
        ? `${fromName || fromEmail} ha escrito desde el formulario de soporte de Tapcard. Responde a este correo para contestarle directamente.`
        : `${fromName || fromEmail} ha escrito desde el formulario de contacto público de Tapcard, sin cuenta. Responde a este correo para contestarle directamente.`,
    ],
    details: [
      { label: 'De', value: fromName },
      { label: 'Correo', value: fromEmail },
      { label: 'ID de usuario', value: userId ?? 'ninguno (un visitante sin cuenta)' },
      { label: 'Plan', value: PLAN_LABEL_ES[plan ?? 'none'] },
      { label: 'Asunto', value: subject },
    ],
    quote: message,
    notes: [`La página de soporte promete una respuesta en menos de ${hoursEs(SUPPORT_REPLY_HOURS)}.`],
    signed: false,
  }),
});

/** To the sender: we got the message and answer within 24 hours (spec section 2, Support). */
export const supportConfirmation = defineTemplate<SupportConfirmationData>({
  en: (data) => ({
    subject:
      data.from === 'account'
        ? `We received your message: ${singleLine(data.subject)}`
        : 'We received your message',
    preview: `Our support team will answer within ${hoursEn(SUPPORT_REPLY_HOURS)}.`,
    heading: 'We received your message',
    greeting: hiEn(data.from === 'account' ? data.name : ''),
    paragraphs: [
      data.from === 'account'
        ? `Thanks for contacting Tapcard support. We received your message “${singleLine(data.subject)}” and will answer within ${hoursEn(SUPPORT_REPLY_HOURS)} at this email address.`
        : `Thanks for contacting Tapcard support. We received your message and will answer within ${hoursEn(SUPPORT_REPLY_HOURS)} at this email address.`,
      'If you want to add something, just reply to this email.',
    ],
    notes: [
      data.from === 'account'
        ? 'You received this email because you sent a message through the support form of your Tapcard account.'
        : "You received this email because a message was sent with this address through the Tapcard contact form. If it wasn't you, you can ignore this email.",
    ],
  }),
  es: (data) => ({
    subject:
      data.from === 'account'
        ? `Hemos recibido tu mensaje: ${singleLine(data.subject)}`
        : 'Hemos recibido tu mensaje',
    preview: `Nuestro equipo de soporte te responderá en menos de ${hoursEs(SUPPORT_REPLY_HOURS)}.`,
    heading: 'Hemos recibido tu mensaje',
    greeting: hiEs(data.from === 'account' ? data.name : ''),
    paragraphs: [
      data.from === 'account'
        ? `Gracias por contactar con el soporte de Tapcard. Hemos recibido tu mensaje «${singleLine(data.subject)}» y te responderemos en menos de ${hoursEs(SUPPORT_REPLY_HOURS)} en esta dirección de correo.`
        : `Gracias por contactar con el soporte de Tapcard. Hemos recibido tu mensaje y te responderemos en menos de ${hoursEs(SUPPORT_REPLY_HOURS)} en esta dirección de correo.`,
      'Si quieres añadir algo, responde a este correo.',
    ],
    notes: [
      data.from === 'account'
        ? 'Recibes este correo porque has enviado un mensaje desde el formulario de soporte de tu cuenta de Tapcard.'
        : 'Recibes este correo porque se ha enviado un mensaje con esta dirección desde el formulario de contacto de Tapcard. Si no has sido tú, puedes ignorar este correo.',
    ],
  }),
});

const trialReasonEn = 'You received this email because you started a free Tapcard trial with this address.';
const trialReasonEs =
  'Recibes este correo porque has empezado una prueba gratuita de Tapcard con esta dirección.';

/** A few days before a free trial ends (src/plans.ts TRIAL_REMINDER_LEAD_DAYS; server/trials). */
export const trialEndingSoon = defineTemplate<TrialEndingSoonData>({
  en: ({ name, daysLeft, url }) => ({
    subject: `Your Tapcard trial ends in ${daysEn(daysLeft)}`,
    preview: 'Choose a plan to keep your public profile online.',
    heading: 'Your free trial ends soon',
    greeting: hiEn(name),
    paragraphs: [
      `Your free Tapcard trial ends in ${daysEn(daysLeft)}.`,
      'When it ends, your public profile goes offline and your vCards and QR codes are paused until you choose a plan. Nothing is deleted: everything is back as soon as you choose one.',
    ],
    action: { label: 'Choose a plan', url },
    notes: [trialReasonEn],
  }),
  es: ({ name, daysLeft, url }) => ({
    subject: `Tu prueba de Tapcard termina en ${daysEs(daysLeft)}`,
    preview: 'Elige un plan para mantener tu perfil público en línea.',
    heading: 'Tu prueba gratuita termina pronto',
    greeting: hiEs(name),
    paragraphs: [
      `Tu prueba gratuita de Tapcard termina en ${daysEs(daysLeft)}.`,
      'Cuando termine, tu perfil público dejará de estar disponible y tus vCards y códigos QR quedarán en pausa hasta que elijas un plan. No se borra nada: todo vuelve en cuanto elijas uno.',
    ],
    action: { label: 'Elegir un plan', url },
    notes: [trialReasonEs],
  }),
});

/** On the day a free trial ended (server/trials). */
export const trialEnded = defineTemplate<TrialEndedData>({
  en: ({ name, url }) => ({
    subject: 'Your Tapcard trial has ended',
    preview: 'Your public profile is offline until you choose a plan.',
    heading: 'Your free trial has ended',
    greeting: hiEn(name),
    paragraphs: [
      'Your free Tapcard trial ended today. Your public profile is offline now, and your vCards and QR codes are paused.',
      'Your data is kept: choose a plan and everything is back online right away.',
    ],
    action: { label: 'Choose a plan', url },
    notes: [trialReasonEn],
  }),
  es: ({ name, url }) => ({
    subject: 'Tu prueba de Tapcard ha terminado',
    preview: 'Tu perfil público no está disponible hasta que elijas un plan.',
    heading: 'Tu prueba gratuita ha terminado',
    greeting: hiEs(name),
    paragraphs: [
      'Tu prueba gratuita de Tapcard ha terminado hoy. Tu perfil público ya no está disponible y tus vCards y códigos QR están en pausa.',
      'Tus datos se conservan: elige un plan y todo volverá a estar en línea al instante.',
    ],
    action: { label: 'Elegir un plan', url },
    notes: [trialReasonEs],
  }),
});

/** A date as the e-mail's reader writes it; in UTC, the one zone the server knows for everybody. */
function mailDate(locale: Locale, value: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
}

/** "a, b and c" in the reader's language. */
function listOf(locale: Locale, items: string[]): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

const pausedItemsEn = ({ vcard, qrCode, profileLink }: PausedCounts) =>
  [
    vcard > 0 ? (vcard === 1 ? '1 vCard' : `${vcard} vCards`) : null,
    qrCode > 0 ? (qrCode === 1 ? '1 QR code' : `${qrCode} QR codes`) : null,
    profileLink > 0 ? (profileLink === 1 ? '1 profile link' : `${profileLink} profile links`) : null,
  ].filter((item) => item !== null);
const pausedItemsEs = ({ vcard, qrCode, profileLink }: PausedCounts) =>
  [
    vcard > 0 ? (vcard === 1 ? '1 vCard' : `${vcard} vCards`) : null,
    qrCode > 0 ? (qrCode === 1 ? '1 código QR' : `${qrCode} códigos QR`) : null,
    profileLink > 0
      ? profileLink === 1
        ? '1 enlace del perfil'
        : `${profileLink} enlaces del perfil`
      : null,
  ].filter((item) => item !== null);

const planEndedReasonEn = 'You received this email because the paid plan of your Tapcard account ended.';
const planEndedReasonEs = 'Recibes este correo porque ha terminado el plan de pago de tu cuenta de Tapcard.';

/**
 * Once a paid plan ended (server/billing/plan-ends.ts): which plan and when, what is paused now (the whole
 * account when its trial is over too, else what is over the free plan's limits) and how to lift it.
 */
export const planEnded = defineTemplate<PlanEndedData>({
  en: ({ name, plan, endedAt, onlineUntil, paused, url }) => {
    const planName = plan === 'business' ? 'Business plan' : plan === 'pro' ? 'Pro plan' : 'paid plan';
    const items = pausedItemsEn(paused);
    return {
      subject: `Your Tapcard ${planName} has ended`,
      preview: onlineUntil
        ? 'Your account is on the free plan now.'
        : 'Your public profile is offline until you renew.',
      heading: `Your ${planName} has ended`,
      greeting: hiEn(name),
      paragraphs: [
        `Your Tapcard ${planName} ended on ${mailDate('en', endedAt)}. Your account is on the free plan now, and nothing was deleted.`,
        ...(onlineUntil
          ? [
              `Your public profile stays online with the free plan's limits until your free trial ends on ${mailDate('en', onlineUntil)}.`,
              ...(items.length > 0
                ? [
                    `Over those limits, these are paused: ${listOf('en', items)}. On the vCards, QR codes and links pages of your dashboard, “Keep live” chooses which ones stay live.`,
                  ]
                : []),
            ]
          : [
              items.length > 0
                ? `Your public profile is offline, and these are paused: ${listOf('en', items)}.`
                : 'Your public profile is offline.',
            ]),
        'Renew your plan and everything is back right away.',
      ],
      action: { label: 'Renew your plan', url },
      notes: [planEndedReasonEn],
    };
  },
  es: ({ name, plan, endedAt, onlineUntil, paused, url }) => {
    const planName = plan === 'business' ? 'plan Empresa' : plan === 'pro' ? 'plan Pro' : 'plan de pago';
    const items = pausedItemsEs(paused);
    return {
      subject: `Tu ${planName} de Tapcard ha terminado`,
      preview: onlineUntil
        ? 'Tu cuenta está ahora en el plan gratuito.'
        : 'Tu perfil público no está disponible hasta que renueves.',
      heading: `Tu ${planName} ha terminado`,
      greeting: hiEs(name),
      paragraphs: [
        `Tu ${planName} de Tapcard terminó el ${mailDate('es', endedAt)}. Tu cuenta está ahora en el plan gratuito y no se ha borrado nada.`,
        ...(onlineUntil
          ? [
              `Tu perfil público sigue en línea con los límites del plan gratuito hasta que termine tu prueba gratuita, el ${mailDate('es', onlineUntil)}.`,
              ...(items.length > 0
                ? [
                    `Por encima de esos límites, esto está en pausa: ${listOf('es', items)}. En las páginas de vCards, códigos QR y enlaces de tu panel, «Mantener activo» elige cuáles siguen activos.`,
                  ]
                : []),
            ]
          : [
              items.length > 0
                ? `Tu perfil público no está disponible y esto está en pausa: ${listOf('es', items)}.`
                : 'Tu perfil público no está disponible.',
            ]),
        'Renueva tu plan y todo volverá al instante.',
      ],
      action: { label: 'Renovar mi plan', url },
      notes: [planEndedReasonEs],
    };
  },
});

const ROLE_EN: Record<InvitableTeamRole, string> = { admin: 'an admin', member: 'a member' };
const ROLE_ES: Record<InvitableTeamRole, string> = { admin: 'administrador', member: 'miembro' };

/**
 * An invitation to a team, in the team's name: the link leads to the invitation's page. Under white label
 * (the team's brand given) it names no Tapcard: the team's is the only brand in it.
 */
export const teamInvitation = defineTemplate<TeamInvitationData>({
  en: ({ inviterName, teamName, role, url }, branding) => ({
    subject:
      branding.kind === 'tapcard'
        ? `${singleLine(inviterName)} invited you to join ${singleLine(teamName)} on Tapcard`
        : `${singleLine(inviterName)} invited you to join ${singleLine(teamName)}`,
    preview: `Join ${singleLine(teamName)} and get your digital business card.`,
    heading: `Join ${teamName}`,
    greeting: 'Hi,',
    paragraphs: [
      `${inviterName} invited you to join ${teamName}${branding.kind === 'tapcard' ? ' on Tapcard' : ''} as ${ROLE_EN[role]}. The team gives you a digital business card with its brand, which you can share by link, QR code or tap.`,
      branding.kind === 'tapcard'
        ? 'Open the invitation to accept it. If you have no Tapcard account yet, you can create one there with this email address.'
        : 'Open the invitation to accept it. If you have no account yet, you can create one there with this email address.',
    ],
    action: { label: 'Open the invitation', url },
    notes: [
      `This invitation is valid for ${daysEn(TEAM_INVITATION_DAYS)}. If it has expired, ask ${inviterName} to send it again.`,
      "If you don't know this team, you can ignore this email: nothing happens unless you accept.",
    ],
  }),
  es: ({ inviterName, teamName, role, url }, branding) => ({
    subject:
      branding.kind === 'tapcard'
        ? `${singleLine(inviterName)} te ha invitado a unirte a ${singleLine(teamName)} en Tapcard`
        : `${singleLine(inviterName)} te ha invitado a unirte a ${singleLine(teamName)}`,
    preview: `Únete a ${singleLine(teamName)} y consigue tu tarjeta de visita digital.`,
    heading: `Únete a ${teamName}`,
    greeting: 'Hola:',
    paragraphs: [
      `${inviterName} te ha invitado a unirte a ${teamName}${branding.kind === 'tapcard' ? ' en Tapcard' : ''} como ${ROLE_ES[role]}. El equipo te da una tarjeta de visita digital con su marca, que puedes compartir por enlace, código QR o al acercar el móvil.`,
      branding.kind === 'tapcard'
        ? 'Abre la invitación para aceptarla. Si aún no tienes cuenta de Tapcard, puedes crearla allí con esta dirección de correo.'
        : 'Abre la invitación para aceptarla. Si aún no tienes cuenta, puedes crearla allí con esta dirección de correo.',
    ],
    action: { label: 'Abrir la invitación', url },
    notes: [
      `Esta invitación es válida durante ${daysEs(TEAM_INVITATION_DAYS)}. Si ha caducado, pide a ${inviterName} que te la envíe de nuevo.`,
      'Si no conoces este equipo, puedes ignorar este correo: no pasa nada si no aceptas.',
    ],
  }),
});

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
export const webhookDisabled = defineTemplate<WebhookDisabledData>({
  en: ({ name, endpointUrl, teamName, days, url }) => ({
    subject: 'A Tapcard webhook endpoint was disabled',
    preview: `Deliveries to ${singleLine(endpointUrl)} failed for ${daysEn(days)}.`,
    heading: 'Webhook endpoint disabled',
    greeting: hiEn(name),
    paragraphs: [
      teamName === null
        ? `Every delivery to your webhook endpoint ${endpointUrl} has failed for ${daysEn(days)}, so it was disabled: no more events are sent to it.`
        : `Every delivery to the webhook endpoint ${endpointUrl} of your team ${teamName} has failed for ${daysEn(days)}, so it was disabled: no more events are sent to it.`,
      'Check that the endpoint answers with a 2xx status, then enable it again. Events of the meantime are in its delivery log, where you can send them again.',
    ],
    action: { label: 'Open your webhooks', url },
    notes: [
      teamName === null
        ? 'You received this email because you added this webhook endpoint to your Tapcard account.'
        : `You received this email because you own the team ${teamName}, whose webhook endpoint this is.`,
    ],
  }),
  es: ({ name, endpointUrl, teamName, days, url }) => ({
    subject: 'Se ha desactivado un endpoint de webhook de Tapcard',
    preview: `Los envíos a ${singleLine(endpointUrl)} han fallado durante ${daysEs(days)}.`,
    heading: 'Endpoint de webhook desactivado',
    greeting: hiEs(name),
    paragraphs: [
      teamName === null
        ? `Todos los envíos a tu endpoint de webhook ${endpointUrl} han fallado durante ${daysEs(days)}, así que se ha desactivado: ya no se le envían eventos.`
        : `Todos los envíos al endpoint de webhook ${endpointUrl} de tu equipo ${teamName} han fallado durante ${daysEs(days)}, así que se ha desactivado: ya no se le envían eventos.`,
      'Comprueba que el endpoint responde con un estado 2xx y vuelve a activarlo. Los eventos de este tiempo están en su registro de envíos, desde donde puedes enviarlos de nuevo.',
    ],
    action: { label: 'Abrir tus webhooks', url },
    notes: [
      teamName === null
        ? 'Recibes este correo porque añadiste este endpoint de webhook a tu cuenta de Tapcard.'
        : `Recibes este correo porque eres el propietario del equipo ${teamName}, al que pertenece este endpoint de webhook.`,
    ],
  }),
});

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

/** Tells the owner of a custom domain (or of its team) that the daily check no longer finds its TXT record. */
export const domainLost = defineTemplate<DomainLostData>({
  en: ({ name, domain, recordName, recordValue, teamName, url }) => ({
    subject: `The DNS record of ${singleLine(domain)} is gone`,
    preview: `Tapcard no longer finds the TXT record that proves ${singleLine(domain)} is yours.`,
    heading: 'Domain record lost',
    greeting: hiEn(name),
    paragraphs: [
      teamName === null
        ? `The daily check no longer finds the TXT record that proves your domain ${domain} is yours.`
        : `The daily check no longer finds the TXT record that proves the domain ${domain} of your team ${teamName} is yours.`,
      `Add the TXT record ${recordName} with the value ${recordValue} at your DNS provider again. The domain is verified again as soon as a check finds it; you can also press "Check now" on the domains page.`,
      `The domain keeps working meanwhile. If the record is not back within ${DOMAIN_LOST_GRACE_DAYS} days, the domain is released: it stops showing the cards, and whoever holds the name can prove it.`,
    ],
    action: { label: 'Open your domains', url },
    notes: [
      teamName === null
        ? 'You received this email because you added this domain to your Tapcard account.'
        : `You received this email because you own the team ${teamName}, whose domain this is.`,
    ],
  }),
  es: ({ name, domain, recordName, recordValue, teamName, url }) => ({
    subject: `El registro DNS de ${singleLine(domain)} ha desaparecido`,
    preview: `Tapcard ya no encuentra el registro TXT que demuestra que ${singleLine(domain)} es tuyo.`,
    heading: 'Registro del dominio perdido',
    greeting: hiEs(name),
    paragraphs: [
      teamName === null
        ? `La comprobación diaria ya no encuentra el registro TXT que demuestra que tu dominio ${domain} es tuyo.`
        : `La comprobación diaria ya no encuentra el registro TXT que demuestra que el dominio ${domain} de tu equipo ${teamName} es vuestro.`,
      `Vuelve a añadir en tu proveedor de DNS el registro TXT ${recordName} con el valor ${recordValue}. El dominio vuelve a estar verificado en cuanto una comprobación lo encuentre; también puedes pulsar «Comprobar ahora» en la página de dominios.`,
      `Mientras tanto el dominio sigue funcionando. Si el registro no vuelve en ${DOMAIN_LOST_GRACE_DAYS} días, el dominio se libera: deja de mostrar las tarjetas y quien tenga el nombre podrá demostrar que es suyo.`,
    ],
    action: { label: 'Abrir tus dominios', url },
    notes: [
      teamName === null
        ? 'Recibes este correo porque añadiste este dominio a tu cuenta de Tapcard.'
        : `Recibes este correo porque eres el propietario del equipo ${teamName}, al que pertenece este dominio.`,
    ],
  }),
});

/** A domain released after DOMAIN_LOST_GRACE_DAYS without its record (server/domains/service.ts). */
export type DomainReleasedData = Omit<DomainLostData, 'recordName' | 'recordValue'>;

export const domainReleased = defineTemplate<DomainReleasedData>({
  en: ({ name, domain, teamName, url }) => ({
    subject: `${singleLine(domain)} was released`,
    preview: `The TXT record of ${singleLine(domain)} was not back within ${DOMAIN_LOST_GRACE_DAYS} days.`,
    heading: 'Domain released',
    greeting: hiEn(name),
    paragraphs: [
      teamName === null
        ? `The TXT record that proved your domain ${domain} was not back within ${DOMAIN_LOST_GRACE_DAYS} days, so the domain was released.`
        : `The TXT record that proved the domain ${domain} of your team ${teamName} was not back within ${DOMAIN_LOST_GRACE_DAYS} days, so the domain was released.`,
      'Its cards and short links now lead to the same addresses on the main site, so printed codes keep working. Whoever holds the name can now prove it. To use it again, add it on the domains page and add its new record.',
    ],
    action: { label: 'Open your domains', url },
    notes: [
      teamName === null
        ? 'You received this email because you added this domain to your Tapcard account.'
        : `You received this email because you own the team ${teamName}, whose domain this was.`,
    ],
  }),
  es: ({ name, domain, teamName, url }) => ({
    subject: `${singleLine(domain)} se ha liberado`,
    preview: `El registro TXT de ${singleLine(domain)} no volvió en ${DOMAIN_LOST_GRACE_DAYS} días.`,
    heading: 'Dominio liberado',
    greeting: hiEs(name),
    paragraphs: [
      teamName === null
        ? `El registro TXT que demostraba que tu dominio ${domain} es tuyo no volvió en ${DOMAIN_LOST_GRACE_DAYS} días, así que el dominio se ha liberado.`
        : `El registro TXT que demostraba que el dominio ${domain} de tu equipo ${teamName} es vuestro no volvió en ${DOMAIN_LOST_GRACE_DAYS} días, así que el dominio se ha liberado.`,
      'Sus tarjetas y enlaces cortos llevan ahora a las mismas direcciones en el sitio principal, así que los códigos impresos siguen funcionando. Quien tenga el nombre puede demostrar ahora que es suyo. Para volver a usarlo, añádelo en la página de dominios y añade su nuevo registro.',
    ],
    action: { label: 'Abrir tus dominios', url },
    notes: [
      teamName === null
        ? 'Recibes este correo porque añadiste este dominio a tu cuenta de Tapcard.'
        : `Recibes este correo porque eres el propietario del equipo ${teamName}, al que pertenecía este dominio.`,
    ],
  }),
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

const LEAD_LABELS_EN = { name: 'Name', email: 'Email', phone: 'Phone', company: 'Company' };
const LEAD_LABELS_ES = { name: 'Nombre', email: 'Correo', phone: 'Teléfono', company: 'Empresa' };

/** Tells a card's owner (or its team's) that a visitor left their details on the card's page. */
export const newLead = defineTemplate<NewLeadData>({
  en: ({ name, lead, teamName, url }) => ({
    subject: `New contact on your card ${singleLine(lead.cardName)}`,
    preview: `${singleLine(lead.name ?? 'A visitor')} shared their contact details with you.`,
    heading: 'New contact',
    greeting: hiEn(name),
    paragraphs: [
      teamName === null
        ? `A visitor of your card ${lead.cardName} shared their contact details with you on ${mailDate('en', lead.createdAt)}:`
        : `A visitor of the card ${lead.cardName} of your team ${teamName} shared their contact details on ${mailDate('en', lead.createdAt)}:`,
    ],
    details: leadRows(lead, LEAD_LABELS_EN),
    ...(lead.note === null ? {} : { quote: lead.note }),
    action: { label: 'Open your leads', url },
    notes: [
      'They agreed to the consent text of the card: the leads page keeps its receipt. You can choose a daily summary instead of an email per contact there.',
      teamName === null
        ? 'You received this email because your card asks its visitors to share their contact details.'
        : `You received this email because you own the team ${teamName}, whose card asks its visitors to share their contact details.`,
    ],
  }),
  es: ({ name, lead, teamName, url }) => ({
    subject: `Nuevo contacto en tu tarjeta ${singleLine(lead.cardName)}`,
    preview: `${singleLine(lead.name ?? 'Un visitante')} ha compartido sus datos de contacto contigo.`,
    heading: 'Nuevo contacto',
    greeting: hiEs(name),
    paragraphs: [
      teamName === null
        ? `Un visitante de tu tarjeta ${lead.cardName} ha compartido sus datos de contacto contigo el ${mailDate('es', lead.createdAt)}:`
        : `Un visitante de la tarjeta ${lead.cardName} de tu equipo ${teamName} ha compartido sus datos de contacto el ${mailDate('es', lead.createdAt)}:`,
    ],
    details: leadRows(lead, LEAD_LABELS_ES),
    ...(lead.note === null ? {} : { quote: lead.note }),
    action: { label: 'Abrir tus contactos', url },
    notes: [
      'Aceptó el texto de consentimiento de la tarjeta: la página de contactos guarda su comprobante. Allí puedes elegir un resumen diario en lugar de un correo por contacto.',
      teamName === null
        ? 'Recibes este correo porque tu tarjeta invita a sus visitantes a compartir sus datos de contacto.'
        : `Recibes este correo porque eres el propietario del equipo ${teamName}, cuya tarjeta invita a sus visitantes a compartir sus datos de contacto.`,
    ],
  }),
});

/** The daily summary of the contacts left on an account's cards since the last one. */
export const leadDigest = defineTemplate<LeadDigestData>({
  en: ({ name, leads, more, teamName, url }) => {
    const total = leads.length + more;
    const contacts = total === 1 ? '1 new contact' : `${total} new contacts`;
    return {
      subject: `${contacts} on your Tapcard cards`,
      preview: `Visitors of your cards shared their contact details: ${contacts}.`,
      heading: 'Your new contacts',
      greeting: hiEn(name),
      paragraphs: [
        teamName === null
          ? `Since the last summary, visitors of your cards left ${contacts}:`
          : `Since the last summary, visitors of the cards of your team ${teamName} left ${contacts}:`,
        ...(more > 0 ? [`And ${more} more: every one is on the leads page.`] : []),
      ],
      details: leads.map((lead) => leadLine(lead, 'No name given')),
      action: { label: 'Open your leads', url },
      notes: [
        'You receive one summary a day because you chose it on the leads page; you can have an email per contact there instead.',
      ],
    };
  },
  es: ({ name, leads, more, teamName, url }) => {
    const total = leads.length + more;
    const contacts = total === 1 ? '1 contacto nuevo' : `${total} contactos nuevos`;
    return {
      subject: `${contacts} en tus tarjetas de Tapcard`,
      preview: `Los visitantes de tus tarjetas han compartido sus datos: ${contacts}.`,
      heading: 'Tus contactos nuevos',
      greeting: hiEs(name),
      paragraphs: [
        teamName === null
          ? `Desde el último resumen, los visitantes de tus tarjetas han dejado ${contacts}:`
          : `Desde el último resumen, los visitantes de las tarjetas de tu equipo ${teamName} han dejado ${contacts}:`,
        ...(more > 0 ? [`Y ${more} más: todos están en la página de contactos.`] : []),
      ],
      details: leads.map((lead) => leadLine(lead, 'Sin nombre')),
      action: { label: 'Abrir tus contactos', url },
      notes: [
        'Recibes un resumen al día porque lo elegiste en la página de contactos; allí puedes recibir en su lugar un correo por contacto.',
      ],
    };
  },
});
