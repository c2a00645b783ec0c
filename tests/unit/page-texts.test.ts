import { describe, expect, it } from 'vitest';
import { PAGE_TEXTS, type PageTexts } from '../../server/public-profile/texts.ts';

// The public pages' words come from the server's catalog (locales/{locale}/server.po) and are exactly the
// words they were when they were a table in server/public-profile/texts.ts: the API and browser tests, and
// visitors, read them.

describe('PAGE_TEXTS', () => {
  it('has the English words', () => {
    const en = PAGE_TEXTS.en;
    expect(en.roleAt('CTO', 'ACME')).toBe('CTO at ACME');
    expect(en.cardOf('Ana')).toBe('Digital business card of Ana');
    expect(en.teamDirectoryTitle('ACME')).toBe('ACME: our cards');
    expect(en.subscribeTitle('Ana')).toBe('Keep Ana up to date');
    expect(en.subscribeIntro('Ana')).toBe(
      "Subscribe in your contacts app, and it shows Ana's new number, e-mail or job as soon as they change it. It only reads this card: nothing of yours is shared.",
    );
    expect(en.saveContact).toBe('Save contact');
    expect(en.unavailableTitle).toBe('Profile Temporarily Unavailable');
    expect(en.pausedCardText).toBe(
      'This card is paused for now. If you know its owner, let them know, or try again later.',
    );
    expect(en.subscribeAppleSteps).toBe(
      'Then open Settings, tap Profile Downloaded, and Install. On a Mac, open System Settings › Privacy & Security › Profiles.',
    );
    expect(en.subscribeAndroidSteps).toBe(
      'In the DAVx⁵ app, add an account with Login with URL and user name, and enter:',
    );
    expect(en.subscribeAnyPassword).toBe('any word (it is not checked)');
  });

  it('has the Spanish words', () => {
    const es = PAGE_TEXTS.es;
    expect(es.roleAt('CTO', 'ACME')).toBe('CTO en ACME');
    expect(es.photoOf('Ana')).toBe('Foto de Ana');
    expect(es.logoOf('ACME')).toBe('Logotipo de ACME');
    expect(es.teamDirectoryTitle('ACME')).toBe('ACME: nuestras tarjetas');
    expect(es.subscribeTitle('Ana')).toBe('Mantén a Ana al día');
    expect(es.subscribeIntro('Ana')).toBe(
      'Suscríbete desde tu app de contactos y mostrará el nuevo número, correo o cargo de Ana en cuanto lo cambie. Solo lee esta tarjeta: no se comparte nada tuyo.',
    );
    expect(es.saveContact).toBe('Guardar contacto');
    expect(es.linkNotFoundText).toBe(
      'Este enlace no existe o se ha eliminado. Comprueba la dirección o pide uno nuevo a quien lo compartió.',
    );
    expect(es.pausedTitle).toBe('En pausa');
    expect(es.subscribeThunderbirdSteps).toBe(
      'En la Libreta de direcciones, elige Nueva libreta de direcciones › Añadir libreta de direcciones CardDAV, e introduce:',
    );
    expect(es.subscribeAnyPassword).toBe('cualquier palabra (no se comprueba)');
  });

  it('differs in Spanish in every text but the names of products', () => {
    const sameInEveryLanguage = new Set<keyof PageTexts>(['subscribeThunderbird', 'subscribeAndroid']);
    const texts = (locale: 'en' | 'es') =>
      Object.entries(PAGE_TEXTS[locale]).map(([field, text]): [string, string] => [
        field,
        typeof text === 'function' ? (text as (...names: string[]) => string)('Ana', 'ACME') : text,
      ]);
    const spanish = new Map(texts('es'));
    const same = texts('en')
      .filter(([field, text]) => spanish.get(field) === text)
      .map(([field]) => field);
    expect(same.sort()).toEqual([...sameInEveryLanguage].sort());
    expect(spanish.get('subscribeThunderbird')).toBe('Thunderbird');
  });
});
