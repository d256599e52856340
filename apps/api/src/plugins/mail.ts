import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Jobs } from './jobs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const QUEUE = 'mail.send';

/**
 * Outgoing mail. Messages go through the job queue (so an answer never waits on SMTP, and takes the
 * same time whether or not it sends mail); without SMTP_URL each message is written to DATA_DIR/mail.
 */
export class Mailer {
  readonly #transport: Transporter;
  readonly #from: string;
  readonly #folder: string | undefined;
  readonly #log: FastifyBaseLogger;
  readonly #jobs: Jobs;

  constructor(options: {
    smtpUrl: string | undefined;
    from: string;
    dataDir: string;
    log: FastifyBaseLogger;
    jobs: Jobs;
  }) {
    this.#from = options.from;
    this.#log = options.log;
    this.#jobs = options.jobs;
    if (options.smtpUrl) {
      this.#transport = nodemailer.createTransport(options.smtpUrl);
    } else {
      this.#folder = path.join(options.dataDir, 'mail');
      this.#transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
    void this.#jobs.define<MailMessage>(QUEUE, (message) => this.deliver(message));
  }

  /** Queues a message for delivery. */
  async send(message: MailMessage): Promise<void> {
    await this.#jobs.enqueue(QUEUE, message, { retryLimit: 5 });
  }

  async deliver(message: MailMessage): Promise<void> {
    const info = await this.#transport.sendMail({ from: this.#from, ...message });
    if (this.#folder) {
      mkdirSync(this.#folder, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(this.#folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      this.#log.info(
        { to: message.to, subject: message.subject, file },
        'mail written (no SMTP_URL configured)',
      );
    } else {
      this.#log.info({ to: message.to, subject: message.subject, id: info.messageId }, 'mail sent');
    }
  }
}
