import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { createOutageWatch } from '../lib/outage-watch.ts';
import { serverPaths } from '../../src/routes.ts';
import { AppError } from '../lib/errors.ts';
import type { MailAddress, MailMessage, MailTransport } from './types.ts';

// Two mailers behind one interface (ARCHITECTURE.md: an embedded default and a real counterpart chosen by
// configuration): SMTP when SMTP_URL is set, otherwise the dev mailbox, which keeps every message as a
// JSON file in DATA_DIR/mail, shown at /dev/mail, so sign-up works on a machine with no mail server.

/** Connect, greeting and idle-socket time-outs: a dead server fails the attempt instead of hanging it. */
const SMTP_TIMEOUT_MS = 10_000;
/** One send never takes longer, whatever the server does (a server trickling replies beats socket time-outs). */
const SMTP_SEND_DEADLINE_MS = 20_000;

/** The e-mails go to the dev mailbox: no mail server, outside production (which /dev/mail serves only there). */
export function sendsToDevMailbox(config: Config): boolean {
  return config.env !== 'production' && config.mail.smtpUrl === undefined;
}

export function createMailer(config: Config, logger: FastifyBaseLogger): MailTransport {
  return config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from, logger)
    : createDevMailbox(config.dataDir, config.mail.from, `${config.publicUrl}${serverPaths.devMail}`, logger);
}

/** MAIL_FROM's address: "Name <address>" or a bare address. */
function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The From of a message: MAIL_FROM, or its address under the message's own display name. */
function senderOf(from: string, message: Pick<MailMessage, 'fromName'>): string | MailAddress {
  return message.fromName === undefined ? from : { name: message.fromName, address: senderAddress(from) };
}

function createSmtpMailer(smtpUrl: string, from: string, logger: FastifyBaseLogger): MailTransport {
  // nodemailer is loaded with the first message (or the outage watch's first probe): a start sends nothing,
  // and loading it cost about a tenth of a second of every start
  let opened: Promise<Transporter> | null = null;
  const transport = () =>
    (opened ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        {
          url: smtpUrl,
          pool: true,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
          // the outbox tries a failed message again later (server/mail/outbox.ts): a dropped connection is
          // retried once here, not 5 times
          maxRequeues: 1,
        },
        { from },
      ),
    ));
  const outage = createOutageWatch(
    {
      check: 'mail.server',
      service: 'mail server',
      probe: async () => void (await (await transport()).verify()),
    },
    logger,
  );
  return {
    outage,
    async send(message) {
      try {
        await (
          await transport()
        ).sendMail({
          from: senderOf(from, message),
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          priority: message.priority,
          signal: AbortSignal.timeout(SMTP_SEND_DEADLINE_MS),
        });
      } catch (error) {
        if (isRefusedMessage(error)) {
          // the server answered and refused this one message: the address and subject help find it (the
          // SMTP URL, with its password, is never logged)
          outage.succeeded();
          logger.warn(
            { err: error, to: message.to, subject: message.subject },
            'e-mail refused by the mail server',
          );
        } else {
          outage.failed(error);
        }
        throw new AppError('mail_unavailable', undefined, { cause: error });
      }
      outage.succeeded();
    },
    async close() {
      if (opened) (await opened).close();
    },
  };
}

/** nodemailer's codes for a message the server refused (a recipient, the content), not for the server. */
const REFUSED_MESSAGE_CODES = new Set(['EENVELOPE', 'EMESSAGE']);

function isRefusedMessage(error: unknown): boolean {
  return REFUSED_MESSAGE_CODES.has(String((error as { code?: unknown }).code));
}

// ---- dev mailbox -------------------------------------------------------------------------------------

/** A message kept by the dev mailbox (one JSON file each). */
export interface StoredMail {
  id: string;
  /** ISO time it was sent. */
  date: string;
  from: string;
  to: string;
  replyTo?: string;
  priority?: 'high';
  subject: string;
  text: string;
  html: string;
}

const StoredMailSchema = z.object({
  id: z.string(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  replyTo: z.string().optional(),
  priority: z.literal('high').optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/** File names are `<UTC time to the ms>-<per-process sequence>-<random>`: they sort by time and never collide. */
const MAIL_ID = /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}$/;
let sequence = 0;

function newMailId(now: Date): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = now.toISOString().replace(/[-:.]/g, ''); // 20261121T233000123Z
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
}

export function devMailboxDir(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

function createDevMailbox(
  dataDir: string,
  from: string,
  mailboxUrl: string,
  logger: FastifyBaseLogger,
): MailTransport {
  const dir = devMailboxDir(dataDir);
  return {
    async send({ fromName, replyTo, ...message }: MailMessage) {
      const now = new Date();
      const stored: StoredMail = {
        id: newMailId(now),
        date: now.toISOString(),
        from: shownAddress(senderOf(from, { fromName })),
        ...(replyTo === undefined ? {} : { replyTo: shownAddress(replyTo) }),
        ...message,
      };
      const file = path.join(dir, `${stored.id}.json`);
      try {
        await mkdir(dir, { recursive: true });
        // written beside, then renamed: a reader never sees half a message
        const partial = path.join(dir, `.${stored.id}.tmp`);
        await writeFile(partial, JSON.stringify(stored, null, 2));
        await rename(partial, file);
      } catch (error) {
        logger.error({ err: error, to: message.to, subject: message.subject }, 'dev mailbox: cannot write');
        throw new AppError('mail_unavailable');
      }
      // where to read it, never its links: they carry sign-in tokens, and logs travel further than mail
      logger.info(
        { mail: { id: stored.id, to: message.to, subject: message.subject } },
        `dev mailbox: "${message.subject}" to ${message.to}: open ${mailboxUrl} to read it`,
      );
    },
    async close() {},
  };
}

/** An address as a mail client shows it, a display name quoted (the dev mailbox's page escapes it). */
function shownAddress(address: string | MailAddress): string {
  return typeof address === 'string' ? address : `${JSON.stringify(address.name)} <${address.address}>`;
}

/** Ids of the stored messages, newest first. */
async function mailIds(dataDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(devMailboxDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((id) => MAIL_ID.test(id))
    .sort()
    .reverse();
}

async function readStored(dataDir: string, id: string): Promise<StoredMail | undefined> {
  try {
    const raw = await readFile(path.join(devMailboxDir(dataDir), `${id}.json`), 'utf8');
    const parsed = StoredMailSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // removed meanwhile, or not ours: skipped like any other unreadable file
  }
}

/** The dev mailbox's messages, newest first (the newest `limit` of them, if given). */
export async function listDevMailbox(
  dataDir: string,
  options: { limit?: number } = {},
): Promise<StoredMail[]> {
  const ids = await mailIds(dataDir);
  const shown = options.limit === undefined ? ids : ids.slice(0, options.limit);
  const messages = await Promise.all(shown.map((id) => readStored(dataDir, id)));
  return messages.filter((mail) => mail !== undefined);
}

/** How many messages the dev mailbox holds. */
export async function countDevMailbox(dataDir: string): Promise<number> {
  return (await mailIds(dataDir)).length;
}

/**
 * One stored message by id. The id must be the name of a stored file (checked against the folder's own
 * listing), so no request can read anything else.
 */
export async function readDevMail(dataDir: string, id: string): Promise<StoredMail | undefined> {
  if (!MAIL_ID.test(id)) return undefined;
  const ids = await mailIds(dataDir);
  return ids.includes(id) ? readStored(dataDir, id) : undefined;
}
