import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

type Status = 'Pending' | 'InProgress' | 'OnHold' | 'Approved' | 'Rejected';

const WORDS: Record<Status, { subject: string; lead: string; next: string }> = {
  Pending: {
    subject: 'received',
    lead: 'We received your business verification and will review it soon.',
    next: 'Nothing to do for now: we will write when the review moves on.',
  },
  InProgress: {
    subject: 'in review',
    lead: 'Our compliance team started reviewing your business verification.',
    next: 'Nothing to do for now: we will write when there is a decision.',
  },
  OnHold: {
    subject: 'on hold',
    lead: 'Your business verification is on hold: we need something from you.',
    next: 'Open the verification, fix what the reason describes, and submit it again.',
  },
  Approved: { subject: 'approved', lead: 'Your business is verified.', next: 'You can now create live API keys and request go-live for your products.' },
  Rejected: {
    subject: 'rejected',
    lead: 'We could not verify your business.',
    next: 'If you think this is a mistake, reply to this e-mail or contact support.',
  },
};

/** The message each administrator of the organization gets at each change of its application. */
export function reviewStatusChanged(input: { to: string; organizationName: string; status: Status; reason: string | null; url: string }): OutgoingMail {
  const words = WORDS[input.status];
  const lines = [`${words.lead}`, `Organization: ${input.organizationName}`, `Status: ${words.subject}`];
  if (input.reason) lines.push(`Reason: ${input.reason}`);
  lines.push(`What to do: ${words.next}`);
  return {
    to: input.to,
    subject: `Business verification: ${words.subject}`,
    text: [...lines, '', `Open the verification: ${input.url}`, '', '— Rampart'].join('\n'),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(input.url)}">Open the verification</a></p><p>— Rampart</p>`,
  };
}
