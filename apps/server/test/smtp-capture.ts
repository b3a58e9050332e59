import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives, for tests to read codes and links. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusing = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (refusing > 0) {
        // A temporary failure (451), as a busy or restarting mail server answers: the sender should try again later.
        refusing -= 1;
        refused += 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
        const text = decodeQuotedPrintable(
          raw
            .split(/\r?\n\r?\n/)
            .slice(1)
            .join('\n\n'),
        );
        for (const recipient of session.envelope.rcptTo) messages.push({ to: recipient.address.toLowerCase(), subject: decodeHeader(subject), text, raw });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits for the newest message to an address matching the subject. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 10_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...messages].reverse().find((mail) => mail.to === to.toLowerCase() && subject.test(mail.subject));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    countTo: (to: string) => messages.filter((mail) => mail.to === to.toLowerCase()).length,
    /** Answers the next `count` messages with 451 (try again later), keeping none of them. */
    refuseNext(count: number) {
      refusing = count;
    },
    /** How many messages were refused so far. */
    refusedCount: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_m, encoded: string) => decodeQuotedPrintable(encoded.replace(/_/g, ' ')));
}
