import type { Locale } from '../../src/i18n.ts';
import type { PaidPlanId } from '../../src/plans.ts';

// The demo billing pages' words, in every language of the product. A Record<Locale, …>, so a missing
// language is a type error. Plain strings: the renderer escapes them.

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

export const DEMO_TEXTS: Record<Locale, DemoTexts> = {
  en: {
    demoBadge: 'Demo billing',
    noMoneyMoves:
      'This is a demo: no money moves. No card is charged and nothing is sent to a payment provider.',
    checkoutTitle: 'Checkout',
    planName: { pro: 'Pro Plan', business: 'Business Plan' },
    pricePer: (amount, interval) => `${amount} per ${interval === 'month' ? 'month' : 'year'}`,
    demoCard: 'Demo card •••• 4242',
    pay: 'Pay (demo)',
    cancel: 'Cancel',
    alreadyHeld: 'You already have this plan.',
    planTime: (plan, interval, until) =>
      `${plan}, ${interval === 'month' ? 'monthly' : 'yearly'}, until ${until}`,
    unusedTime: (plan, interval) => `Unused time on ${plan}, ${interval === 'month' ? 'monthly' : 'yearly'}`,
    accountCredit: 'Account credit',
    dueToday: 'Due today',
    creditKept: (amount) => `${amount} stays as account credit for your next payment.`,
    portalTitle: 'Manage subscription',
    renewsOn: (date) => `Renews on ${date}`,
    endsOn: (date) => `Cancelled: ends on ${date}, then the account is back on the free plan`,
    cancelSubscription: 'Cancel subscription',
    renewSubscription: "Don't cancel: renew my plan",
    switchToYearly: 'Switch to yearly billing',
    switchToMonthly: 'Switch to monthly billing',
    noSubscription: 'You have no paid subscription.',
    backToBilling: 'Back to billing',
    signInTitle: 'Sign in to continue',
    signInText: 'Billing pages are only shown to the signed-in account holder.',
    signIn: 'Sign in',
    badRequest: 'This page address is not complete. Choose a plan again from the billing page.',
  },
  es: {
    demoBadge: 'Facturación de demostración',
    noMoneyMoves:
      'Esto es una demostración: no se mueve dinero. No se cobra ninguna tarjeta y no se envía nada a un proveedor de pagos.',
    checkoutTitle: 'Pago',
    planName: { pro: 'Plan Pro', business: 'Plan Empresa' },
    pricePer: (amount, interval) => `${amount} al ${interval === 'month' ? 'mes' : 'año'}`,
    demoCard: 'Tarjeta de demostración •••• 4242',
    pay: 'Pagar (demo)',
    cancel: 'Cancelar',
    alreadyHeld: 'Ya tienes este plan.',
    planTime: (plan, interval, until) =>
      `${plan}, ${interval === 'month' ? 'mensual' : 'anual'}, hasta el ${until}`,
    unusedTime: (plan, interval) =>
      `Tiempo no usado de ${plan}, ${interval === 'month' ? 'mensual' : 'anual'}`,
    accountCredit: 'Saldo a tu favor',
    dueToday: 'A pagar hoy',
    creditKept: (amount) => `${amount} queda como saldo a tu favor para tu próximo pago.`,
    portalTitle: 'Gestionar suscripción',
    renewsOn: (date) => `Se renueva el ${date}`,
    endsOn: (date) => `Cancelada: termina el ${date} y después la cuenta vuelve al plan gratuito`,
    cancelSubscription: 'Cancelar suscripción',
    renewSubscription: 'No cancelar: renovar mi plan',
    switchToYearly: 'Cambiar a facturación anual',
    switchToMonthly: 'Cambiar a facturación mensual',
    noSubscription: 'No tienes ninguna suscripción de pago.',
    backToBilling: 'Volver a facturación',
    signInTitle: 'Inicia sesión para continuar',
    signInText: 'Las páginas de facturación solo se muestran al titular de la cuenta con la sesión iniciada.',
    signIn: 'Iniciar sesión',
    badRequest:
      'La dirección de esta página no está completa. Vuelve a elegir un plan desde la página de facturación.',
  },
};
