import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

export const mailDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export type BillingMailKind = 'paymentFailed' | 'planChanged' | 'cancellationScheduled' | 'subscriptionEnded';

const SUBJECT: Record<BillingMailKind, string> = {
  paymentFailed: 'Billing: a payment failed',
  planChanged: 'Billing: your plan changed',
  cancellationScheduled: 'Billing: your subscription ends at the end of the period',
  subscriptionEnded: 'Billing: your subscription ended',
};

/** The message each administrator of the organization gets at a billing change; `lines` say what changed and when. */
export function billingMail(input: { to: string; kind: BillingMailKind; organizationName: string; lines: string[]; url: string }): OutgoingMail {
  const lines = [`Organization: ${input.organizationName}`, ...input.lines];
  return {
    to: input.to,
    subject: SUBJECT[input.kind],
    text: [...lines, '', `Open the subscription: ${input.url}`, '', '— Rampart'].join('\n'),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(input.url)}">Open the subscription</a></p><p>— Rampart</p>`,
  };
}
