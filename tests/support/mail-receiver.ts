import { createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server inside the test (STACK.md section 4): the app sends through SMTP_URL, the test
// reads what arrived. Bodies are quoted-printable: decoded here so links and codes can be read.

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  /** The Reply-To header, encoded words undone; undefined when the message has none. */
  replyTo: string | undefined;
  /** The whole message, transfer encoding undone (soft line breaks and =XX escapes). */
  body: string;
}

export interface MailReceiver {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving later) that the predicate accepts. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The first link of a mail body whose URL contains `path` (HTML entities of its query undone). */
export function linkIn(body: string, path: string): URL {
  const match = new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/?]/g, '\\$&')}[^\\s"'<>]*`).exec(body);
  if (!match) throw new Error(`no ${path} link in:\n${body}`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}

function decodeHeader(value: string): string {
  // RFC 2047 encoded words, as nodemailer writes non-ASCII subjects; the white space between two
  // adjacent encoded words (where a long header was folded) is not part of the text
  return value
    .replace(/(\?=)\s+(?==\?utf-8\?)/gi, '$1')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parse(raw: string, to: string[], from: string): ReceivedMail {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const headers = unfolded.split(/\r?\n\r?\n/)[0] ?? '';
  const subject = decodeHeader(/^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '');
  const replyTo = /^Reply-To: (.*)$/im.exec(headers)?.[1]?.trim();
  return { to, from, subject, replyTo: replyTo && decodeHeader(replyTo), body: decodeQuotedPrintable(raw) };
}

/** The URL of an SMTP port nobody listens on (a receiver started and closed): a mail server that is down. */
export async function downSmtpUrl(): Promise<string> {
  const probe = await startMailReceiver();
  await probe.close();
  return probe.url;
}

/** A mail server that takes the connection and never says a word (a hung server). */
export async function startSilentMailServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function startMailReceiver(port = 0): Promise<MailReceiver> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{
    predicate: (mail: ReceivedMail) => boolean;
    resolve: (mail: ReceivedMail) => void;
  }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parse(
          Buffer.concat(chunks).toString('latin1'),
          session.envelope.rcptTo.map((address) => address.address),
          session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        );
        messages.push(mail);
        for (const waiter of waiters) {
          if (waiter.predicate(mail)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error('no matching e-mail arrived in time'));
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
