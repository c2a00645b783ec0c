import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n.ts';
import { DEMO_TEXTS, type DemoTexts } from '../../server/billing/demo-texts.ts';

// The demo billing pages' words come from the server's catalog (locales/{locale}/server.po) and are
// exactly the words of the table they were in server/billing/demo-texts.ts, copied here (its texts with
// values for the values given below, each interval in turn).

const BEFORE: Record<Locale, unknown> = {
  en: {
    demoBadge: 'Demo billing',
    noMoneyMoves:
      'This is a demo: no money moves. No card is charged and nothing is sent to a payment provider.',
    checkoutTitle: 'Checkout',
    planName: {
      pro: 'Pro Plan',
      business: 'Business Plan',
    },
    pricePer: ['$19.99 per month', '$199.90 per year'],
    demoCard: 'Demo card •••• 4242',
    pay: 'Pay (demo)',
    cancel: 'Cancel',
    alreadyHeld: 'You already have this plan.',
    planTime: ['Pro, monthly, until D', 'Pro, yearly, until D'],
    unusedTime: ['Unused time on Pro, monthly', 'Unused time on Pro, yearly'],
    accountCredit: 'Account credit',
    dueToday: 'Due today',
    creditKept: '$5.00 stays as account credit for your next payment.',
    portalTitle: 'Manage subscription',
    renewsOn: 'Renews on D',
    endsOn: 'Cancelled: ends on D, then the account is back on the free plan',
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
    planName: {
      pro: 'Plan Pro',
      business: 'Plan Empresa',
    },
    pricePer: ['$19.99 al mes', '$199.90 al año'],
    demoCard: 'Tarjeta de demostración •••• 4242',
    pay: 'Pagar (demo)',
    cancel: 'Cancelar',
    alreadyHeld: 'Ya tienes este plan.',
    planTime: ['Pro, mensual, hasta el D', 'Pro, anual, hasta el D'],
    unusedTime: ['Tiempo no usado de Pro, mensual', 'Tiempo no usado de Pro, anual'],
    accountCredit: 'Saldo a tu favor',
    dueToday: 'A pagar hoy',
    creditKept: '$5.00 queda como saldo a tu favor para tu próximo pago.',
    portalTitle: 'Gestionar suscripción',
    renewsOn: 'Se renueva el D',
    endsOn: 'Cancelada: termina el D y después la cuenta vuelve al plan gratuito',
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

/** The texts with values given. */
function withValues(t: DemoTexts): unknown {
  return {
    ...t,
    pricePer: [t.pricePer('$19.99', 'month'), t.pricePer('$199.90', 'year')],
    planTime: [t.planTime('Pro', 'month', 'D'), t.planTime('Pro', 'year', 'D')],
    unusedTime: [t.unusedTime('Pro', 'month'), t.unusedTime('Pro', 'year')],
    creditKept: t.creditKept('$5.00'),
    renewsOn: t.renewsOn('D'),
    endsOn: t.endsOn('D'),
  };
}

describe('DEMO_TEXTS of the demo billing pages', () => {
  it('has the English words', () => {
    expect(withValues(DEMO_TEXTS.en)).toEqual(BEFORE.en);
  });

  it('has the Spanish words', () => {
    expect(withValues(DEMO_TEXTS.es)).toEqual(BEFORE.es);
  });
});
