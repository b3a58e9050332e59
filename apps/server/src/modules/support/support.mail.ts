import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

interface RequestFacts {
  subject: string;
  accountName: string;
  organizationName: string;
  plan: string;
}

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('');

/** To the provider's support address: a new request, or a partner's reply, with a link to it in the staff inbox. */
export function toSupportTeam(input: { to: string; kind: 'new' | 'reply'; request: RequestFacts; from: string; body: string; url: string }): OutgoingMail {
  const { request } = input;
  const heading =
    input.kind === 'new'
      ? `${input.from} opened a support request for ${request.accountName} (${request.organizationName}, ${request.plan} plan).`
      : `${input.from} replied to the support request of ${request.accountName} (${request.organizationName}, ${request.plan} plan).`;
  const lines = [heading, `Subject: ${request.subject}`, input.body];
  return {
    to: input.to,
    subject: `${input.kind === 'new' ? 'Support request' : 'Reply'} from ${request.organizationName}: ${request.subject}`,
    text: [...lines, '', `Answer it in the support inbox: ${input.url}`, '', '— Rampart'].join('\n\n'),
    html: `${paragraphs(lines)}<p><a href="${escapeHtml(input.url)}">Answer it in the support inbox</a></p><p>— Rampart</p>`,
  };
}

/** To the member who opened the request: staff replied. */
export function toRequester(input: { to: string; request: RequestFacts; body: string; url: string }): OutgoingMail {
  const lines = [`Rampart support replied to your request "${input.request.subject}" (${input.request.accountName}):`, input.body];
  return {
    to: input.to,
    subject: `Rampart support replied: ${input.request.subject}`,
    text: [...lines, '', `Read it and reply under Support on the dashboard: ${input.url}`, '', '— Rampart'].join('\n\n'),
    html: `${paragraphs(lines)}<p><a href="${escapeHtml(input.url)}">Read it and reply under Support on the dashboard</a></p><p>— Rampart</p>`,
  };
}
