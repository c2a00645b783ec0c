import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OutageWatch } from '../lib/outage-watch.ts';

/** One e-mail, in the recipient's language, as plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Where a reply goes: an address, or a display name and address (nodemailer encodes the name, so it never
   * adds a header of its own).
   */
  replyTo?: string | MailAddress;
  /**
   * The sender's display name instead of MAIL_FROM's (white label: the customer's name); the address is
   * always MAIL_FROM's, the operator's.
   */
  fromName?: string;
  /** 'high' sets the priority headers (X-Priority, Importance) that mail clients flag and sort by. */
  priority?: 'high';
}

/** An address with its display name, as nodemailer takes it. */
export interface MailAddress {
  name: string;
  address: string;
}

/** Which message an e-mail is: the outbox records it, so a message that could not be sent can be named. */
export type MailKind =
  | 'verify_email'
  | 'account_exists'
  | 'reset_password'
  | 'change_email'
  | 'confirm_new_email'
  | 'trial_ending_soon'
  | 'trial_ended'
  | 'plan_ended'
  | 'support_request'
  | 'support_confirmation'
  | 'team_invitation'
  | 'webhook_disabled'
  | 'domain_lost'
  | 'domain_released'
  | 'lead_new'
  | 'lead_digest';

/** What a message is about: its kind and the account it belongs to, if any. */
export interface MailAbout {
  kind: MailKind;
  userId: string | null;
  /** The lead a notification tells of: erasing the lead deletes the message, sent or not. */
  leadId?: string;
}

/**
 * Sends one message at once: through SMTP when SMTP_URL is set, otherwise into the dev mailbox
 * (DATA_DIR/mail, listed at /dev/mail outside production). A failure throws AppError('mail_unavailable').
 */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
  /** Set on the SMTP transport: its outages, logged once each and shown in /health/ready. */
  readonly outage?: OutageWatch;
}

/**
 * Sends e-mail. The admin commands send through a transport (MailTransport), at once. The server's
 * services get the outbox (server/mail/outbox.ts), which stores the message and returns: a worker sends
 * it, with retries.
 */
export interface Mailer {
  /**
   * Queues the message. Given `trx`, it is queued in that transaction: it goes out only if the transaction
   * commits (an invitation and its e-mail are kept together or not at all).
   */
  send(message: MailMessage, about: MailAbout, trx?: Transaction<Database>): Promise<void>;
  close(): Promise<void>;
}
