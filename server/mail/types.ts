/** One e-mail, in the recipient's language, as plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** 'high' sets the priority headers (X-Priority, Importance) that mail clients flag and sort by. */
  priority?: 'high';
}

/**
 * Sends e-mail: through SMTP when SMTP_URL is set, otherwise into the dev mailbox (DATA_DIR/mail, listed
 * at /dev/mail outside production). A failure to send throws AppError('mail_unavailable').
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
