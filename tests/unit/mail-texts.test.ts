import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/i18n.ts';
import type { Branding } from '../../server/branding/branding.ts';
import {
  accountExists,
  changeEmail,
  confirmNewEmail,
  domainLost,
  domainReleased,
  leadDigest,
  newLead,
  planEnded,
  resetPassword,
  supportConfirmation,
  supportRequest,
  teamInvitation,
  trialEnded,
  trialEndingSoon,
  verifyEmail,
  webhookDisabled,
  type LeadDetails,
  type RenderedMail,
} from '../../server/mail/templates.ts';

// The e-mails' words come from the server's catalog (locales/{locale}/server.po) and are exactly the words
// they had when each template was a table of its English and Spanish (server/mail/templates.ts), copied
// here as those tables wrote them: every e-mail whole in both languages, then, for each other branch and
// count, what it says differently. Counts are written as they are (1234, not 1,234) in every language.

const URL = 'https://tapcard.example/x';
const D1 = new Date('2026-03-05T10:00:00Z');
const D2 = new Date('2026-12-22T00:00:00Z');
const CUSTOMER: Branding = { kind: 'customer', name: 'ACME Ltd', logo: null };
const LEAD: LeadDetails = {
  name: 'Lia Chen',
  email: 'lia@example.com',
  phone: '+34 600 000 000',
  company: 'Initech',
  note: 'Call me',
  cardName: 'Sales card',
  createdAt: D1,
};
const ANONYMOUS: LeadDetails = { ...LEAD, name: null, email: null, company: null, note: null };

interface Words {
  subject: string;
  preview: string;
  text: string;
}
/** An e-mail as its template wrote it in each language. */
interface Mail {
  title: string;
  render: (locale: Locale) => RenderedMail;
  en: Words;
  es: Words;
}
/** Another branch of a template: its subject and preview where they differ, and its blocks of text not in the first. */
interface Variant {
  title: string;
  render: (locale: Locale) => RenderedMail;
  en: Partial<Words> & { blocks: string[] };
  es: Partial<Words> & { blocks: string[] };
}

/** The line mail clients show after the subject, hidden in the HTML's body. */
function previewOf(html: string): string {
  const hidden =
    /<div style="display:none;max-height:0;overflow:hidden;opacity:0;">(.*?)<\/div>/.exec(html)?.[1] ?? '';
  return hidden
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

const MAILS: Mail[] = [
  {
    title: 'verifyEmail',
    render: (locale) => verifyEmail(locale, { name: 'Ana', url: URL }),
    en: {
      subject: 'Confirm your email for Tapcard',
      preview: 'One click to finish creating your Tapcard account.',
      text: "Confirm your email\n\nHi Ana,\n\nThanks for signing up for Tapcard. Please confirm that this is your email address to finish creating your account.\n\nConfirm email:\nhttps://tapcard.example/x\n\nThis link is valid for 24 hours. If it has expired, you can ask for a new one where you signed up.\n\nIf you didn't create a Tapcard account, you can ignore this email.\n\n— The Tapcard team\n\nTapcard · digital business cards\n",
    },
    es: {
      subject: 'Confirma tu correo electrónico en Tapcard',
      preview: 'Un clic para terminar de crear tu cuenta de Tapcard.',
      text: 'Confirma tu correo\n\nHola, Ana:\n\nGracias por registrarte en Tapcard. Confirma que esta es tu dirección de correo para terminar de crear tu cuenta.\n\nConfirmar correo:\nhttps://tapcard.example/x\n\nEste enlace es válido durante 24 horas. Si ha caducado, puedes pedir uno nuevo donde te registraste.\n\nSi no has creado una cuenta de Tapcard, puedes ignorar este correo.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'resetPassword',
    render: (locale) => resetPassword(locale, { name: 'Ana', url: URL }),
    en: {
      subject: 'Reset your Tapcard password',
      preview: 'Choose a new password for your Tapcard account.',
      text: 'Reset your password\n\nHi Ana,\n\nWe received a request to reset the password of your Tapcard account. Click the button below to choose a new one.\n\nChoose a new password:\nhttps://tapcard.example/x\n\nThis link is valid for 1 hour and can be used once.\n\nIf you did not ask to reset your password, ignore this email: your password stays the same.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'Restablece tu contraseña de Tapcard',
      preview: 'Elige una nueva contraseña para tu cuenta de Tapcard.',
      text: 'Restablece tu contraseña\n\nHola, Ana:\n\nHemos recibido una solicitud para restablecer la contraseña de tu cuenta de Tapcard. Pulsa el botón de abajo para elegir una nueva.\n\nElegir nueva contraseña:\nhttps://tapcard.example/x\n\nEste enlace es válido durante 1 hora y solo se puede usar una vez.\n\nSi no has pedido restablecer tu contraseña, ignora este correo: tu contraseña no cambia.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'changeEmail',
    render: (locale) => changeEmail(locale, { name: 'Ana', newEmail: 'ana@new.example', url: URL }),
    en: {
      subject: 'Approve the change of your Tapcard email address',
      preview: 'Approve the change to ana@new.example.',
      text: 'Approve the change of address\n\nHi Ana,\n\nYou asked to change the email address of your Tapcard account to ana@new.example. Approve the change with the button below.\n\nWe then send a link to ana@new.example; your address changes once that link is opened. Until then, you keep signing in with your current address.\n\nApprove the change:\nhttps://tapcard.example/x\n\nThis link is valid for 24 hours.\n\nIf you did not ask for this change, ignore this email and your address stays the same. If you think someone else can use your account, change your password.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'Aprueba el cambio de tu correo electrónico en Tapcard',
      preview: 'Aprueba el cambio a ana@new.example.',
      text: 'Aprueba el cambio de dirección\n\nHola, Ana:\n\nHas pedido cambiar la dirección de correo de tu cuenta de Tapcard a ana@new.example. Aprueba el cambio con el botón de abajo.\n\nDespués enviaremos un enlace a ana@new.example; tu dirección cambia cuando se abra ese enlace. Hasta entonces, sigues iniciando sesión con tu dirección actual.\n\nAprobar el cambio:\nhttps://tapcard.example/x\n\nEste enlace es válido durante 24 horas.\n\nSi no has pedido este cambio, ignora este correo y tu dirección no cambiará. Si crees que otra persona puede usar tu cuenta, cambia tu contraseña.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'confirmNewEmail',
    render: (locale) => confirmNewEmail(locale, { name: 'Ana', url: URL }),
    en: {
      subject: 'Confirm your new email address for Tapcard',
      preview: 'One click to move your Tapcard account to this address.',
      text: 'Confirm your new email address\n\nHi Ana,\n\nYou asked to move your Tapcard account to this email address, and approved it from your current one. Confirm that this address is yours to finish the change.\n\nOnce you confirm, you sign in with this address.\n\nConfirm this address:\nhttps://tapcard.example/x\n\nThis link is valid for 24 hours.\n\nIf you did not ask for this, ignore this email: no account will use this address.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'Confirma tu nueva dirección de correo en Tapcard',
      preview: 'Un clic para pasar tu cuenta de Tapcard a esta dirección.',
      text: 'Confirma tu nueva dirección de correo\n\nHola, Ana:\n\nHas pedido pasar tu cuenta de Tapcard a esta dirección de correo y lo has aprobado desde la actual. Confirma que esta dirección es tuya para terminar el cambio.\n\nCuando lo confirmes, iniciarás sesión con esta dirección.\n\nConfirmar esta dirección:\nhttps://tapcard.example/x\n\nEste enlace es válido durante 24 horas.\n\nSi no lo has pedido tú, ignora este correo: ninguna cuenta usará esta dirección.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'accountExists',
    render: (locale) => accountExists(locale, { name: 'Ana', signInUrl: URL }),
    en: {
      subject: 'You already have a Tapcard account',
      preview: 'Someone tried to create a new account with this email address.',
      text: "You already have an account\n\nHi Ana,\n\nSomeone, maybe you, just tried to create a Tapcard account with this email address. It already belongs to your account, so nothing new was created and your account stays as it is.\n\nTo use your account, sign in. If you don't remember your password, choose “Forgot password?” on the sign-in page.\n\nSign in:\nhttps://tapcard.example/x\n\nIf it wasn't you, you can ignore this email.\n\n— The Tapcard team\n\nTapcard · digital business cards\n",
    },
    es: {
      subject: 'Ya tienes una cuenta de Tapcard',
      preview: 'Alguien ha intentado crear una cuenta nueva con esta dirección de correo.',
      text: 'Ya tienes una cuenta\n\nHola, Ana:\n\nAlguien, quizá tú, acaba de intentar crear una cuenta de Tapcard con esta dirección de correo. Ya pertenece a tu cuenta, así que no se ha creado nada nuevo y tu cuenta sigue igual.\n\nPara usar tu cuenta, inicia sesión. Si no recuerdas tu contraseña, elige «¿Olvidaste tu contraseña?» en la página de inicio de sesión.\n\nIniciar sesión:\nhttps://tapcard.example/x\n\nSi no has sido tú, puedes ignorar este correo.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'supportRequest',
    render: (locale) =>
      supportRequest(locale, {
        fromName: 'Ana',
        fromEmail: 'ana@example.com',
        subject: 'Help',
        message: 'Hello',
        userId: 'user-1',
        plan: 'pro',
      }),
    en: {
      subject: '[Support] [Pro] Help',
      preview: 'Ana <ana@example.com> wrote through the support form.',
      text: 'New support message\n\nAna wrote through the Tapcard support form. Reply to this email to answer them directly.\n\nFrom: Ana\nEmail: ana@example.com\nUser id: user-1\nPlan: Pro: priority support, answer before free accounts\nSubject: Help\n\n> Hello\n\nThe support page promises an answer within 24 hours.\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: '[Soporte] [Pro] Help',
      preview: 'Ana <ana@example.com> ha escrito desde el formulario de soporte.',
      text: 'Nuevo mensaje de soporte\n\nAna ha escrito desde el formulario de soporte de Tapcard. Responde a este correo para contestarle directamente.\n\nDe: Ana\nCorreo: ana@example.com\nID de usuario: user-1\nPlan: Pro: soporte prioritario, responder antes que a las cuentas gratuitas\nAsunto: Help\n\n> Hello\n\nLa página de soporte promete una respuesta en menos de 24 horas.\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'supportConfirmation',
    render: (locale) => supportConfirmation(locale, { from: 'account', name: 'Ana', subject: 'Help' }),
    en: {
      subject: 'We received your message: Help',
      preview: 'Our support team will answer within 24 hours.',
      text: 'We received your message\n\nHi Ana,\n\nThanks for contacting Tapcard support. We received your message “Help” and will answer within 24 hours at this email address.\n\nIf you want to add something, just reply to this email.\n\nYou received this email because you sent a message through the support form of your Tapcard account.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'Hemos recibido tu mensaje: Help',
      preview: 'Nuestro equipo de soporte te responderá en menos de 24 horas.',
      text: 'Hemos recibido tu mensaje\n\nHola, Ana:\n\nGracias por contactar con el soporte de Tapcard. Hemos recibido tu mensaje «Help» y te responderemos en menos de 24 horas en esta dirección de correo.\n\nSi quieres añadir algo, responde a este correo.\n\nRecibes este correo porque has enviado un mensaje desde el formulario de soporte de tu cuenta de Tapcard.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'trialEndingSoon',
    render: (locale) => trialEndingSoon(locale, { name: 'Ana', daysLeft: 3, url: URL }),
    en: {
      subject: 'Your Tapcard trial ends in 3 days',
      preview: 'Choose a plan to keep your public profile online.',
      text: 'Your free trial ends soon\n\nHi Ana,\n\nYour free Tapcard trial ends in 3 days.\n\nWhen it ends, your public profile goes offline and your vCards and QR codes are paused until you choose a plan. Nothing is deleted: everything is back as soon as you choose one.\n\nChoose a plan:\nhttps://tapcard.example/x\n\nYou received this email because you started a free Tapcard trial with this address.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'Tu prueba de Tapcard termina en 3 días',
      preview: 'Elige un plan para mantener tu perfil público en línea.',
      text: 'Tu prueba gratuita termina pronto\n\nHola, Ana:\n\nTu prueba gratuita de Tapcard termina en 3 días.\n\nCuando termine, tu perfil público dejará de estar disponible y tus vCards y códigos QR quedarán en pausa hasta que elijas un plan. No se borra nada: todo vuelve en cuanto elijas uno.\n\nElegir un plan:\nhttps://tapcard.example/x\n\nRecibes este correo porque has empezado una prueba gratuita de Tapcard con esta dirección.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'trialEnded',
    render: (locale) => trialEnded(locale, { name: 'Ana', url: URL }),
    en: {
      subject: 'Your Tapcard trial has ended',
      preview: 'Your public profile is offline until you choose a plan.',
      text: 'Your free trial has ended\n\nHi Ana,\n\nYour free Tapcard trial ended today. Your public profile is offline now, and your vCards and QR codes are paused.\n\nYour data is kept: choose a plan and everything is back online right away.\n\nChoose a plan:\nhttps://tapcard.example/x\n\nYou received this email because you started a free Tapcard trial with this address.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'Tu prueba de Tapcard ha terminado',
      preview: 'Tu perfil público no está disponible hasta que elijas un plan.',
      text: 'Tu prueba gratuita ha terminado\n\nHola, Ana:\n\nTu prueba gratuita de Tapcard ha terminado hoy. Tu perfil público ya no está disponible y tus vCards y códigos QR están en pausa.\n\nTus datos se conservan: elige un plan y todo volverá a estar en línea al instante.\n\nElegir un plan:\nhttps://tapcard.example/x\n\nRecibes este correo porque has empezado una prueba gratuita de Tapcard con esta dirección.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'planEnded',
    render: (locale) =>
      planEnded(locale, {
        name: 'Ana',
        plan: 'pro',
        endedAt: D1,
        onlineUntil: D2,
        paused: { vcard: 2, qrCode: 1, profileLink: 1234 },
        url: URL,
      }),
    en: {
      subject: 'Your Tapcard Pro plan has ended',
      preview: 'Your account is on the free plan now.',
      text: "Your Pro plan has ended\n\nHi Ana,\n\nYour Tapcard Pro plan ended on March 5, 2026. Your account is on the free plan now, and nothing was deleted.\n\nYour public profile stays online with the free plan's limits until your free trial ends on December 22, 2026.\n\nOver those limits, these are paused: 2 vCards, 1 QR code, and 1234 profile links. On the vCards, QR codes and links pages of your dashboard, “Keep live” chooses which ones stay live.\n\nRenew your plan and everything is back right away.\n\nRenew your plan:\nhttps://tapcard.example/x\n\nYou received this email because the paid plan of your Tapcard account ended.\n\n— The Tapcard team\n\nTapcard · digital business cards\n",
    },
    es: {
      subject: 'Tu plan Pro de Tapcard ha terminado',
      preview: 'Tu cuenta está ahora en el plan gratuito.',
      text: 'Tu plan Pro ha terminado\n\nHola, Ana:\n\nTu plan Pro de Tapcard terminó el 5 de marzo de 2026. Tu cuenta está ahora en el plan gratuito y no se ha borrado nada.\n\nTu perfil público sigue en línea con los límites del plan gratuito hasta que termine tu prueba gratuita, el 22 de diciembre de 2026.\n\nPor encima de esos límites, esto está en pausa: 2 vCards, 1 código QR y 1234 enlaces del perfil. En las páginas de vCards, códigos QR y enlaces de tu panel, «Mantener activo» elige cuáles siguen activos.\n\nRenueva tu plan y todo volverá al instante.\n\nRenovar mi plan:\nhttps://tapcard.example/x\n\nRecibes este correo porque ha terminado el plan de pago de tu cuenta de Tapcard.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'teamInvitation',
    render: (locale) =>
      teamInvitation(locale, { inviterName: 'Bob', teamName: 'Team X', role: 'admin', url: URL }),
    en: {
      subject: 'Bob invited you to join Team X on Tapcard',
      preview: 'Join Team X and get your digital business card.',
      text: "Join Team X\n\nHi,\n\nBob invited you to join Team X on Tapcard as an admin. The team gives you a digital business card with its brand, which you can share by link, QR code or tap.\n\nOpen the invitation to accept it. If you have no Tapcard account yet, you can create one there with this email address.\n\nOpen the invitation:\nhttps://tapcard.example/x\n\nThis invitation is valid for 7 days. If it has expired, ask Bob to send it again.\n\nIf you don't know this team, you can ignore this email: nothing happens unless you accept.\n\n— The Tapcard team\n\nTapcard · digital business cards\n",
    },
    es: {
      subject: 'Bob te ha invitado a unirte a Team X en Tapcard',
      preview: 'Únete a Team X y consigue tu tarjeta de visita digital.',
      text: 'Únete a Team X\n\nHola:\n\nBob te ha invitado a unirte a Team X en Tapcard como administrador. El equipo te da una tarjeta de visita digital con su marca, que puedes compartir por enlace, código QR o al acercar el móvil.\n\nAbre la invitación para aceptarla. Si aún no tienes cuenta de Tapcard, puedes crearla allí con esta dirección de correo.\n\nAbrir la invitación:\nhttps://tapcard.example/x\n\nEsta invitación es válida durante 7 días. Si ha caducado, pide a Bob que te la envíe de nuevo.\n\nSi no conoces este equipo, puedes ignorar este correo: no pasa nada si no aceptas.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'webhookDisabled',
    render: (locale) =>
      webhookDisabled(locale, {
        name: 'Ana',
        endpointUrl: 'https://hooks.example.com/in',
        teamName: null,
        days: 3,
        url: URL,
      }),
    en: {
      subject: 'A Tapcard webhook endpoint was disabled',
      preview: 'Deliveries to https://hooks.example.com/in failed for 3 days.',
      text: 'Webhook endpoint disabled\n\nHi Ana,\n\nEvery delivery to your webhook endpoint https://hooks.example.com/in has failed for 3 days, so it was disabled: no more events are sent to it.\n\nCheck that the endpoint answers with a 2xx status, then enable it again. Events of the meantime are in its delivery log, where you can send them again.\n\nOpen your webhooks:\nhttps://tapcard.example/x\n\nYou received this email because you added this webhook endpoint to your Tapcard account.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'Se ha desactivado un endpoint de webhook de Tapcard',
      preview: 'Los envíos a https://hooks.example.com/in han fallado durante 3 días.',
      text: 'Endpoint de webhook desactivado\n\nHola, Ana:\n\nTodos los envíos a tu endpoint de webhook https://hooks.example.com/in han fallado durante 3 días, así que se ha desactivado: ya no se le envían eventos.\n\nComprueba que el endpoint responde con un estado 2xx y vuelve a activarlo. Los eventos de este tiempo están en su registro de envíos, desde donde puedes enviarlos de nuevo.\n\nAbrir tus webhooks:\nhttps://tapcard.example/x\n\nRecibes este correo porque añadiste este endpoint de webhook a tu cuenta de Tapcard.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'domainLost',
    render: (locale) =>
      domainLost(locale, {
        name: 'Ana',
        domain: 'cards.example.com',
        recordName: '_tapcard-verify.cards.example.com',
        recordValue: 'tapcard-verify=abc',
        teamName: null,
        url: URL,
      }),
    en: {
      subject: 'The DNS record of cards.example.com is gone',
      preview: 'Tapcard no longer finds the TXT record that proves cards.example.com is yours.',
      text: 'Domain record lost\n\nHi Ana,\n\nThe daily check no longer finds the TXT record that proves your domain cards.example.com is yours.\n\nAdd the TXT record _tapcard-verify.cards.example.com with the value tapcard-verify=abc at your DNS provider again. The domain is verified again as soon as a check finds it; you can also press "Check now" on the domains page.\n\nThe domain keeps working meanwhile. If the record is not back within 14 days, the domain is released: it stops showing the cards, and whoever holds the name can prove it.\n\nOpen your domains:\nhttps://tapcard.example/x\n\nYou received this email because you added this domain to your Tapcard account.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'El registro DNS de cards.example.com ha desaparecido',
      preview: 'Tapcard ya no encuentra el registro TXT que demuestra que cards.example.com es tuyo.',
      text: 'Registro del dominio perdido\n\nHola, Ana:\n\nLa comprobación diaria ya no encuentra el registro TXT que demuestra que tu dominio cards.example.com es tuyo.\n\nVuelve a añadir en tu proveedor de DNS el registro TXT _tapcard-verify.cards.example.com con el valor tapcard-verify=abc. El dominio vuelve a estar verificado en cuanto una comprobación lo encuentre; también puedes pulsar «Comprobar ahora» en la página de dominios.\n\nMientras tanto el dominio sigue funcionando. Si el registro no vuelve en 14 días, el dominio se libera: deja de mostrar las tarjetas y quien tenga el nombre podrá demostrar que es suyo.\n\nAbrir tus dominios:\nhttps://tapcard.example/x\n\nRecibes este correo porque añadiste este dominio a tu cuenta de Tapcard.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'domainReleased',
    render: (locale) =>
      domainReleased(locale, { name: 'Ana', domain: 'cards.example.com', teamName: null, url: URL }),
    en: {
      subject: 'cards.example.com was released',
      preview: 'The TXT record of cards.example.com was not back within 14 days.',
      text: 'Domain released\n\nHi Ana,\n\nThe TXT record that proved your domain cards.example.com was not back within 14 days, so the domain was released.\n\nIts cards and short links now lead to the same addresses on the main site, so printed codes keep working. Whoever holds the name can now prove it. To use it again, add it on the domains page and add its new record.\n\nOpen your domains:\nhttps://tapcard.example/x\n\nYou received this email because you added this domain to your Tapcard account.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'cards.example.com se ha liberado',
      preview: 'El registro TXT de cards.example.com no volvió en 14 días.',
      text: 'Dominio liberado\n\nHola, Ana:\n\nEl registro TXT que demostraba que tu dominio cards.example.com es tuyo no volvió en 14 días, así que el dominio se ha liberado.\n\nSus tarjetas y enlaces cortos llevan ahora a las mismas direcciones en el sitio principal, así que los códigos impresos siguen funcionando. Quien tenga el nombre puede demostrar ahora que es suyo. Para volver a usarlo, añádelo en la página de dominios y añade su nuevo registro.\n\nAbrir tus dominios:\nhttps://tapcard.example/x\n\nRecibes este correo porque añadiste este dominio a tu cuenta de Tapcard.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'newLead',
    render: (locale) => newLead(locale, { name: 'Ana', lead: LEAD, teamName: null, url: URL }),
    en: {
      subject: 'New contact on your card Sales card',
      preview: 'Lia Chen shared their contact details with you.',
      text: 'New contact\n\nHi Ana,\n\nA visitor of your card Sales card shared their contact details with you on March 5, 2026:\n\nName: Lia Chen\nEmail: lia@example.com\nPhone: +34 600 000 000\nCompany: Initech\n\n> Call me\n\nOpen your leads:\nhttps://tapcard.example/x\n\nThey agreed to the consent text of the card: the leads page keeps its receipt. You can choose a daily summary instead of an email per contact there.\n\nYou received this email because your card asks its visitors to share their contact details.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: 'Nuevo contacto en tu tarjeta Sales card',
      preview: 'Lia Chen ha compartido sus datos de contacto contigo.',
      text: 'Nuevo contacto\n\nHola, Ana:\n\nUn visitante de tu tarjeta Sales card ha compartido sus datos de contacto contigo el 5 de marzo de 2026:\n\nNombre: Lia Chen\nCorreo: lia@example.com\nTeléfono: +34 600 000 000\nEmpresa: Initech\n\n> Call me\n\nAbrir tus contactos:\nhttps://tapcard.example/x\n\nAceptó el texto de consentimiento de la tarjeta: la página de contactos guarda su comprobante. Allí puedes elegir un resumen diario en lugar de un correo por contacto.\n\nRecibes este correo porque tu tarjeta invita a sus visitantes a compartir sus datos de contacto.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
  {
    title: 'leadDigest',
    render: (locale) =>
      leadDigest(locale, { name: 'Ana', leads: [LEAD, ANONYMOUS], more: 0, teamName: null, url: URL }),
    en: {
      subject: '2 new contacts on your Tapcard cards',
      preview: 'Visitors of your cards shared their contact details: 2 new contacts.',
      text: 'Your new contacts\n\nHi Ana,\n\nSince the last summary, visitors of your cards left 2 new contacts:\n\nLia Chen: lia@example.com · +34 600 000 000 · Initech (Sales card)\nNo name given: +34 600 000 000 (Sales card)\n\nOpen your leads:\nhttps://tapcard.example/x\n\nYou receive one summary a day because you chose it on the leads page; you can have an email per contact there instead.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    },
    es: {
      subject: '2 contactos nuevos en tus tarjetas de Tapcard',
      preview: 'Los visitantes de tus tarjetas han compartido sus datos: 2 contactos nuevos.',
      text: 'Tus contactos nuevos\n\nHola, Ana:\n\nDesde el último resumen, los visitantes de tus tarjetas han dejado 2 contactos nuevos:\n\nLia Chen: lia@example.com · +34 600 000 000 · Initech (Sales card)\nSin nombre: +34 600 000 000 (Sales card)\n\nAbrir tus contactos:\nhttps://tapcard.example/x\n\nRecibes un resumen al día porque lo elegiste en la página de contactos; allí puedes recibir en su lugar un correo por contacto.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    },
  },
];

const VARIANTS: Variant[] = [
  {
    title: 'accountExists without a name',
    render: (locale) => accountExists(locale, { name: '  ', signInUrl: URL }),
    en: { blocks: ['Hi,'] },
    es: { blocks: ['Hola:'] },
  },
  {
    title: 'supportRequest from a visitor',
    render: (locale) =>
      supportRequest(locale, {
        fromName: '',
        fromEmail: 'visitor@example.com',
        subject: 'Help',
        message: 'Hello',
        userId: null,
        plan: null,
      }),
    en: {
      subject: '[Support] Help',
      preview: '<visitor@example.com> wrote through the public contact form.',
      blocks: [
        'visitor@example.com wrote through the public Tapcard contact form, without an account. Reply to this email to answer them directly.',
        'From: \nEmail: visitor@example.com\nUser id: none (a visitor without an account)\nPlan: none\nSubject: Help',
      ],
    },
    es: {
      subject: '[Soporte] Help',
      preview: '<visitor@example.com> ha escrito desde el formulario de contacto público.',
      blocks: [
        'visitor@example.com ha escrito desde el formulario de contacto público de Tapcard, sin cuenta. Responde a este correo para contestarle directamente.',
        'De: \nCorreo: visitor@example.com\nID de usuario: ninguno (un visitante sin cuenta)\nPlan: ninguno\nAsunto: Help',
      ],
    },
  },
  {
    title: 'supportRequest on Business',
    render: (locale) =>
      supportRequest(locale, {
        fromName: 'Ana',
        fromEmail: 'ana@example.com',
        subject: 'Help',
        message: 'Hello',
        userId: 'user-1',
        plan: 'business',
      }),
    en: {
      subject: '[Support] [Business] Help',
      blocks: [
        'From: Ana\nEmail: ana@example.com\nUser id: user-1\nPlan: Business: dedicated support, answer first\nSubject: Help',
      ],
    },
    es: {
      subject: '[Soporte] [Business] Help',
      blocks: [
        'De: Ana\nCorreo: ana@example.com\nID de usuario: user-1\nPlan: Empresa: soporte dedicado, responder primero\nAsunto: Help',
      ],
    },
  },
  {
    title: 'supportRequest on the free trial',
    render: (locale) =>
      supportRequest(locale, {
        fromName: 'Ana',
        fromEmail: 'ana@example.com',
        subject: 'Help',
        message: 'Hello',
        userId: 'user-1',
        plan: 'free',
      }),
    en: {
      subject: '[Support] Help',
      blocks: ['From: Ana\nEmail: ana@example.com\nUser id: user-1\nPlan: Free trial\nSubject: Help'],
    },
    es: {
      subject: '[Soporte] Help',
      blocks: [
        'De: Ana\nCorreo: ana@example.com\nID de usuario: user-1\nPlan: Prueba gratuita\nAsunto: Help',
      ],
    },
  },
  {
    title: 'supportConfirmation to a visitor',
    render: (locale) => supportConfirmation(locale, { from: 'visitor' }),
    en: {
      subject: 'We received your message',
      blocks: [
        'Hi,',
        'Thanks for contacting Tapcard support. We received your message and will answer within 24 hours at this email address.',
        "You received this email because a message was sent with this address through the Tapcard contact form. If it wasn't you, you can ignore this email.",
      ],
    },
    es: {
      subject: 'Hemos recibido tu mensaje',
      blocks: [
        'Hola:',
        'Gracias por contactar con el soporte de Tapcard. Hemos recibido tu mensaje y te responderemos en menos de 24 horas en esta dirección de correo.',
        'Recibes este correo porque se ha enviado un mensaje con esta dirección desde el formulario de contacto de Tapcard. Si no has sido tú, puedes ignorar este correo.',
      ],
    },
  },
  {
    title: 'trialEndingSoon, 0 days',
    render: (locale) => trialEndingSoon(locale, { name: 'Ana', daysLeft: 0, url: URL }),
    en: { subject: 'Your Tapcard trial ends in 0 days', blocks: ['Your free Tapcard trial ends in 0 days.'] },
    es: {
      subject: 'Tu prueba de Tapcard termina en 0 días',
      blocks: ['Tu prueba gratuita de Tapcard termina en 0 días.'],
    },
  },
  {
    title: 'trialEndingSoon, 1 day',
    render: (locale) => trialEndingSoon(locale, { name: 'Ana', daysLeft: 1, url: URL }),
    en: { subject: 'Your Tapcard trial ends in 1 day', blocks: ['Your free Tapcard trial ends in 1 day.'] },
    es: {
      subject: 'Tu prueba de Tapcard termina en 1 día',
      blocks: ['Tu prueba gratuita de Tapcard termina en 1 día.'],
    },
  },
  {
    title: 'trialEndingSoon, 2 days',
    render: (locale) => trialEndingSoon(locale, { name: 'Ana', daysLeft: 2, url: URL }),
    en: { subject: 'Your Tapcard trial ends in 2 days', blocks: ['Your free Tapcard trial ends in 2 days.'] },
    es: {
      subject: 'Tu prueba de Tapcard termina en 2 días',
      blocks: ['Tu prueba gratuita de Tapcard termina en 2 días.'],
    },
  },
  {
    title: 'trialEndingSoon, 1234 days',
    render: (locale) => trialEndingSoon(locale, { name: 'Ana', daysLeft: 1234, url: URL }),
    en: {
      subject: 'Your Tapcard trial ends in 1234 days',
      blocks: ['Your free Tapcard trial ends in 1234 days.'],
    },
    es: {
      subject: 'Tu prueba de Tapcard termina en 1234 días',
      blocks: ['Tu prueba gratuita de Tapcard termina en 1234 días.'],
    },
  },
  {
    title: 'planEnded, Business, offline, one of each paused',
    render: (locale) =>
      planEnded(locale, {
        name: 'Ana',
        plan: 'business',
        endedAt: D1,
        onlineUntil: null,
        paused: { vcard: 1, qrCode: 1, profileLink: 1 },
        url: URL,
      }),
    en: {
      subject: 'Your Tapcard Business plan has ended',
      preview: 'Your public profile is offline until you renew.',
      blocks: [
        'Your Business plan has ended',
        'Your Tapcard Business plan ended on March 5, 2026. Your account is on the free plan now, and nothing was deleted.',
        'Your public profile is offline, and these are paused: 1 vCard, 1 QR code, and 1 profile link.',
      ],
    },
    es: {
      subject: 'Tu plan Empresa de Tapcard ha terminado',
      preview: 'Tu perfil público no está disponible hasta que renueves.',
      blocks: [
        'Tu plan Empresa ha terminado',
        'Tu plan Empresa de Tapcard terminó el 5 de marzo de 2026. Tu cuenta está ahora en el plan gratuito y no se ha borrado nada.',
        'Tu perfil público no está disponible y esto está en pausa: 1 vCard, 1 código QR y 1 enlace del perfil.',
      ],
    },
  },
  {
    title: 'planEnded, no plan recorded, offline, nothing paused',
    render: (locale) =>
      planEnded(locale, {
        name: 'Ana',
        plan: null,
        endedAt: D1,
        onlineUntil: null,
        paused: { vcard: 0, qrCode: 0, profileLink: 0 },
        url: URL,
      }),
    en: {
      subject: 'Your Tapcard paid plan has ended',
      preview: 'Your public profile is offline until you renew.',
      blocks: [
        'Your paid plan has ended',
        'Your Tapcard paid plan ended on March 5, 2026. Your account is on the free plan now, and nothing was deleted.',
        'Your public profile is offline.',
      ],
    },
    es: {
      subject: 'Tu plan de pago de Tapcard ha terminado',
      preview: 'Tu perfil público no está disponible hasta que renueves.',
      blocks: [
        'Tu plan de pago ha terminado',
        'Tu plan de pago de Tapcard terminó el 5 de marzo de 2026. Tu cuenta está ahora en el plan gratuito y no se ha borrado nada.',
        'Tu perfil público no está disponible.',
      ],
    },
  },
  {
    title: 'planEnded, online, nothing paused',
    render: (locale) =>
      planEnded(locale, {
        name: 'Ana',
        plan: 'pro',
        endedAt: D1,
        onlineUntil: D2,
        paused: { vcard: 0, qrCode: 2, profileLink: 0 },
        url: URL,
      }),
    en: {
      blocks: [
        'Over those limits, these are paused: 2 QR codes. On the vCards, QR codes and links pages of your dashboard, “Keep live” chooses which ones stay live.',
      ],
    },
    es: {
      blocks: [
        'Por encima de esos límites, esto está en pausa: 2 códigos QR. En las páginas de vCards, códigos QR y enlaces de tu panel, «Mantener activo» elige cuáles siguen activos.',
      ],
    },
  },
  {
    title: "teamInvitation as a member, in the team's brand",
    render: (locale) =>
      teamInvitation(locale, { inviterName: 'Bob', teamName: 'Team X', role: 'member', url: URL }, CUSTOMER),
    en: {
      subject: 'Bob invited you to join Team X',
      blocks: [
        'Bob invited you to join Team X as a member. The team gives you a digital business card with its brand, which you can share by link, QR code or tap.',
        'Open the invitation to accept it. If you have no account yet, you can create one there with this email address.',
        '— ACME Ltd',
        'ACME Ltd\n',
      ],
    },
    es: {
      subject: 'Bob te ha invitado a unirte a Team X',
      blocks: [
        'Bob te ha invitado a unirte a Team X como miembro. El equipo te da una tarjeta de visita digital con su marca, que puedes compartir por enlace, código QR o al acercar el móvil.',
        'Abre la invitación para aceptarla. Si aún no tienes cuenta, puedes crearla allí con esta dirección de correo.',
        '— ACME Ltd',
        'ACME Ltd\n',
      ],
    },
  },
  {
    title: 'webhookDisabled of a team, 1 day',
    render: (locale) =>
      webhookDisabled(locale, {
        name: 'Ana',
        endpointUrl: 'https://hooks.example.com/in',
        teamName: 'Team X',
        days: 1,
        url: URL,
      }),
    en: {
      preview: 'Deliveries to https://hooks.example.com/in failed for 1 day.',
      blocks: [
        'Every delivery to the webhook endpoint https://hooks.example.com/in of your team Team X has failed for 1 day, so it was disabled: no more events are sent to it.',
        'You received this email because you own the team Team X, whose webhook endpoint this is.',
      ],
    },
    es: {
      preview: 'Los envíos a https://hooks.example.com/in han fallado durante 1 día.',
      blocks: [
        'Todos los envíos al endpoint de webhook https://hooks.example.com/in de tu equipo Team X han fallado durante 1 día, así que se ha desactivado: ya no se le envían eventos.',
        'Recibes este correo porque eres el propietario del equipo Team X, al que pertenece este endpoint de webhook.',
      ],
    },
  },
  {
    title: 'webhookDisabled, 0 days',
    render: (locale) =>
      webhookDisabled(locale, {
        name: 'Ana',
        endpointUrl: 'https://hooks.example.com/in',
        teamName: null,
        days: 0,
        url: URL,
      }),
    en: {
      preview: 'Deliveries to https://hooks.example.com/in failed for 0 days.',
      blocks: [
        'Every delivery to your webhook endpoint https://hooks.example.com/in has failed for 0 days, so it was disabled: no more events are sent to it.',
      ],
    },
    es: {
      preview: 'Los envíos a https://hooks.example.com/in han fallado durante 0 días.',
      blocks: [
        'Todos los envíos a tu endpoint de webhook https://hooks.example.com/in han fallado durante 0 días, así que se ha desactivado: ya no se le envían eventos.',
      ],
    },
  },
  {
    title: 'webhookDisabled, 2 days',
    render: (locale) =>
      webhookDisabled(locale, {
        name: 'Ana',
        endpointUrl: 'https://hooks.example.com/in',
        teamName: null,
        days: 2,
        url: URL,
      }),
    en: {
      preview: 'Deliveries to https://hooks.example.com/in failed for 2 days.',
      blocks: [
        'Every delivery to your webhook endpoint https://hooks.example.com/in has failed for 2 days, so it was disabled: no more events are sent to it.',
      ],
    },
    es: {
      preview: 'Los envíos a https://hooks.example.com/in han fallado durante 2 días.',
      blocks: [
        'Todos los envíos a tu endpoint de webhook https://hooks.example.com/in han fallado durante 2 días, así que se ha desactivado: ya no se le envían eventos.',
      ],
    },
  },
  {
    title: 'webhookDisabled, 1234 days',
    render: (locale) =>
      webhookDisabled(locale, {
        name: 'Ana',
        endpointUrl: 'https://hooks.example.com/in',
        teamName: null,
        days: 1234,
        url: URL,
      }),
    en: {
      preview: 'Deliveries to https://hooks.example.com/in failed for 1234 days.',
      blocks: [
        'Every delivery to your webhook endpoint https://hooks.example.com/in has failed for 1234 days, so it was disabled: no more events are sent to it.',
      ],
    },
    es: {
      preview: 'Los envíos a https://hooks.example.com/in han fallado durante 1234 días.',
      blocks: [
        'Todos los envíos a tu endpoint de webhook https://hooks.example.com/in han fallado durante 1234 días, así que se ha desactivado: ya no se le envían eventos.',
      ],
    },
  },
  {
    title: 'domainLost of a team',
    render: (locale) =>
      domainLost(locale, {
        name: 'Ana',
        domain: 'cards.example.com',
        recordName: '_tapcard-verify.cards.example.com',
        recordValue: 'tapcard-verify=abc',
        teamName: 'Team X',
        url: URL,
      }),
    en: {
      blocks: [
        'The daily check no longer finds the TXT record that proves the domain cards.example.com of your team Team X is yours.',
        'You received this email because you own the team Team X, whose domain this is.',
      ],
    },
    es: {
      blocks: [
        'La comprobación diaria ya no encuentra el registro TXT que demuestra que el dominio cards.example.com de tu equipo Team X es vuestro.',
        'Recibes este correo porque eres el propietario del equipo Team X, al que pertenece este dominio.',
      ],
    },
  },
  {
    title: 'domainReleased of a team',
    render: (locale) =>
      domainReleased(locale, { name: 'Ana', domain: 'cards.example.com', teamName: 'Team X', url: URL }),
    en: {
      blocks: [
        'The TXT record that proved the domain cards.example.com of your team Team X was not back within 14 days, so the domain was released.',
        'You received this email because you own the team Team X, whose domain this was.',
      ],
    },
    es: {
      blocks: [
        'El registro TXT que demostraba que el dominio cards.example.com de tu equipo Team X es vuestro no volvió en 14 días, así que el dominio se ha liberado.',
        'Recibes este correo porque eres el propietario del equipo Team X, al que pertenecía este dominio.',
      ],
    },
  },
  {
    title: 'newLead of a team, from a visitor who gave no name',
    render: (locale) => newLead(locale, { name: 'Ana', lead: ANONYMOUS, teamName: 'Team X', url: URL }),
    en: {
      preview: 'A visitor shared their contact details with you.',
      blocks: [
        'A visitor of the card Sales card of your team Team X shared their contact details on March 5, 2026:',
        'Phone: +34 600 000 000',
        'You received this email because you own the team Team X, whose card asks its visitors to share their contact details.',
      ],
    },
    es: {
      preview: 'Un visitante ha compartido sus datos de contacto contigo.',
      blocks: [
        'Un visitante de la tarjeta Sales card de tu equipo Team X ha compartido sus datos de contacto el 5 de marzo de 2026:',
        'Teléfono: +34 600 000 000',
        'Recibes este correo porque eres el propietario del equipo Team X, cuya tarjeta invita a sus visitantes a compartir sus datos de contacto.',
      ],
    },
  },
  {
    title: 'leadDigest of a team, 1 lead',
    render: (locale) =>
      leadDigest(locale, { name: 'Ana', leads: [LEAD], more: 0, teamName: 'Team X', url: URL }),
    en: {
      subject: '1 new contact on your Tapcard cards',
      preview: 'Visitors of your cards shared their contact details: 1 new contact.',
      blocks: [
        'Since the last summary, visitors of the cards of your team Team X left 1 new contact:',
        'Lia Chen: lia@example.com · +34 600 000 000 · Initech (Sales card)',
      ],
    },
    es: {
      subject: '1 contacto nuevo en tus tarjetas de Tapcard',
      preview: 'Los visitantes de tus tarjetas han compartido sus datos: 1 contacto nuevo.',
      blocks: [
        'Desde el último resumen, los visitantes de las tarjetas de tu equipo Team X han dejado 1 contacto nuevo:',
        'Lia Chen: lia@example.com · +34 600 000 000 · Initech (Sales card)',
      ],
    },
  },
  {
    title: 'leadDigest, 0 leads',
    render: (locale) => leadDigest(locale, { name: 'Ana', leads: [], more: 0, teamName: null, url: URL }),
    en: {
      subject: '0 new contacts on your Tapcard cards',
      preview: 'Visitors of your cards shared their contact details: 0 new contacts.',
      blocks: ['Since the last summary, visitors of your cards left 0 new contacts:'],
    },
    es: {
      subject: '0 contactos nuevos en tus tarjetas de Tapcard',
      preview: 'Los visitantes de tus tarjetas han compartido sus datos: 0 contactos nuevos.',
      blocks: ['Desde el último resumen, los visitantes de tus tarjetas han dejado 0 contactos nuevos:'],
    },
  },
  {
    title: 'leadDigest, 1234 leads',
    render: (locale) =>
      leadDigest(locale, { name: 'Ana', leads: [LEAD], more: 1233, teamName: null, url: URL }),
    en: {
      subject: '1234 new contacts on your Tapcard cards',
      preview: 'Visitors of your cards shared their contact details: 1234 new contacts.',
      blocks: [
        'Since the last summary, visitors of your cards left 1234 new contacts:',
        'And 1233 more: every one is on the leads page.',
        'Lia Chen: lia@example.com · +34 600 000 000 · Initech (Sales card)',
      ],
    },
    es: {
      subject: '1234 contactos nuevos en tus tarjetas de Tapcard',
      preview: 'Los visitantes de tus tarjetas han compartido sus datos: 1234 contactos nuevos.',
      blocks: [
        'Desde el último resumen, los visitantes de tus tarjetas han dejado 1234 contactos nuevos:',
        'Y 1233 más: todos están en la página de contactos.',
        'Lia Chen: lia@example.com · +34 600 000 000 · Initech (Sales card)',
      ],
    },
  },
];

describe('the e-mails, word for word', () => {
  for (const mail of MAILS) {
    for (const locale of LOCALES) {
      it(`${mail.title} (${locale})`, () => {
        const rendered = mail.render(locale);
        expect({ subject: rendered.subject, preview: previewOf(rendered.html), text: rendered.text }).toEqual(
          mail[locale],
        );
      });
    }
  }

  for (const variant of VARIANTS) {
    for (const locale of LOCALES) {
      it(`${variant.title} (${locale})`, () => {
        const rendered = variant.render(locale);
        const { subject, preview, blocks } = variant[locale];
        if (subject !== undefined) expect(rendered.subject).toBe(subject);
        if (preview !== undefined) expect(previewOf(rendered.html)).toBe(preview);
        expect(rendered.text.split('\n\n')).toEqual(expect.arrayContaining(blocks));
      });
    }
  }
});
