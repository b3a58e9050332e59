import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterCommit } from '../db/unit-of-work.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface StoredMail extends OutgoingMail {
  id: string;
  from: string;
  sentAt: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Messages kept by the development mailbox; empty when SMTP is used. */
  list(): StoredMail[];
  readonly usesDevelopmentMailbox: boolean;
}

/** SMTP when SMTP_URL is set; otherwise every message is written under `<dataDir>/mail` for the dev mailbox. */
export function createMailer(options: { smtpUrl?: string; from: string; mailDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      usesDevelopmentMailbox: false,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      list: () => [],
    };
  }
  fs.mkdirSync(options.mailDir, { recursive: true });
  return {
    usesDevelopmentMailbox: true,
    async send(mail) {
      const stored: StoredMail = { id: crypto.randomUUID(), from: options.from, sentAt: new Date().toISOString(), ...mail };
      const file = path.join(options.mailDir, `${stored.sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`);
      await fs.promises.writeFile(file, JSON.stringify(stored, null, 2));
    },
    list() {
      return fs
        .readdirSync(options.mailDir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 200)
        .map((name) => JSON.parse(fs.readFileSync(path.join(options.mailDir, name), 'utf8')) as StoredMail);
    },
  };
}

/** Mail sent during a unit of work goes out once it commits: a rolled-back change sends no link or code. */
export function mailingAfterCommit(mailer: Mailer): Mailer {
  return {
    usesDevelopmentMailbox: mailer.usesDevelopmentMailbox,
    send: (mail) => afterCommit(() => mailer.send(mail)),
    list: () => mailer.list(),
  };
}
