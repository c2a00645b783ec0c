import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startMailReceiver } from '../support/mail-receiver.ts';

// A real SMTP server for the whole browser run: the app sends through SMTP_URL (playwright.config.ts),
// and every message is written to E2E_MAIL_DIR for the tests (in other processes) to read.

export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!dir || !port) throw new Error('playwright.config.ts sets E2E_MAIL_DIR and E2E_SMTP_PORT');
  mkdirSync(dir, { recursive: true });
  const receiver = await startMailReceiver(port);
  const written = new Set<number>();
  const timer = setInterval(() => {
    receiver.messages.forEach((message, index) => {
      if (written.has(index)) return;
      written.add(index);
      // written under another name first and renamed: a test reading the folder never sees half a message
      const file = path.join(dir, `${String(index).padStart(5, '0')}.json`);
      writeFileSync(`${file}.partial`, JSON.stringify(message));
      renameSync(`${file}.partial`, file);
    });
  }, 50);
  return async () => {
    clearInterval(timer);
    await receiver.close();
  };
}
