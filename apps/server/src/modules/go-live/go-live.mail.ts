import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

const OUTCOMES: Record<string, { subject: string; line: (product: string) => string; next: string }> = {
  InProgress: {
    subject: 'in review',
    line: (product) => `Rampart has started reviewing your request to go live with ${product}.`,
    next: 'Your testing instructions are now locked while the reviewer uses them. We will write again when there is a decision.',
  },
  OnHold: {
    subject: 'on hold',
    line: (product) => `Your request to go live with ${product} is on hold.`,
    next: 'Fix what the reviewer asks for, then request go-live again from the checklist.',
  },
  Approved: {
    subject: 'approved',
    line: (product) => `Your request to go live with ${product} is approved: ${product} is now enabled for your account.`,
    next: 'You can now create live API keys and take real transactions.',
  },
  Rejected: {
    subject: 'rejected',
    line: (product) => `Your request to go live with ${product} was rejected.`,
    next: 'If you have questions about this decision, contact Rampart support.',
  },
};

/** Sent to each administrator of the account when staff change the review of a go-live request. */
export function goLiveDecision(input: { to: string; accountName: string; product: string; status: string; reason: string | null; url: string }): OutgoingMail {
  const outcome = OUTCOMES[input.status]!;
  const lines = [`${outcome.line(input.product)} (account ${input.accountName})`, ...(input.reason ? [`Reason: ${input.reason}`] : []), outcome.next];
  return {
    to: input.to,
    subject: `Go-live for ${input.product}: ${outcome.subject}`,
    text: [...lines, '', `Open the go-live checklist: ${input.url}`, '', '— Rampart'].join('\n'),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(input.url)}">Open the go-live checklist</a></p><p>— Rampart</p>`,
  };
}
