import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

export function invitation(input: { to: string; inviterName: string; accountName: string; role: string; url: string; days: number }): OutgoingMail {
  const role = input.role.replace('_', ' ');
  const lines = [
    `${input.inviterName} invited you to join ${input.accountName} on Rampart as ${role}.`,
    `The invitation works once and expires in ${input.days} days.`,
  ];
  return {
    to: input.to,
    subject: `You are invited to ${input.accountName} on Rampart`,
    text: [...lines, '', `Accept the invitation: ${input.url}`, '', '— Rampart'].join('\n'),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${input.url}">Accept the invitation</a></p><p>— Rampart</p>`,
  };
}
