import { describe, expect, it } from 'vitest';
import { renderMail, type MailContent } from '../../server/mail/layout.ts';

// The words every e-mail ends with come from the server's catalog (locales/{locale}/server.po) and are
// exactly the words of the table they were in server/mail/layout.ts, copied here.

const CONTENT: MailContent = {
  subject: 'S',
  preview: 'P',
  heading: 'H',
  paragraphs: ['One.'],
  action: { label: 'Go', url: 'https://example.com/x' },
  notes: ['N.'],
};

describe("the e-mail layout's words", () => {
  it('signs in English, and says how to open the link without its button', () => {
    const mail = renderMail('en', CONTENT);
    expect(mail.text).toBe(
      'H\n\nOne.\n\nGo:\nhttps://example.com/x\n\nN.\n\n— The Tapcard team\n\nTapcard · digital business cards\n',
    );
    expect(mail.html).toContain('If the button does not work, copy this link into your browser:<br>');
    expect(mail.html).toContain('<p style="margin:24px 0 0;">The Tapcard team</p>');
    expect(mail.html).toContain('>Tapcard · digital business cards</p>');
  });

  it('signs in Spanish, and says how to open the link without its button', () => {
    const mail = renderMail('es', CONTENT);
    expect(mail.text).toBe(
      'H\n\nOne.\n\nGo:\nhttps://example.com/x\n\nN.\n\n— El equipo de Tapcard\n\nTapcard · tarjetas de presentación digitales\n',
    );
    expect(mail.html).toContain('Si el botón no funciona, copia este enlace en tu navegador:<br>');
    expect(mail.html).toContain('<p style="margin:24px 0 0;">El equipo de Tapcard</p>');
    expect(mail.html).toContain('>Tapcard · tarjetas de presentación digitales</p>');
  });
});
