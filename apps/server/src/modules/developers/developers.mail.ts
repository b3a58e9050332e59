import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

/** To each administrator of an account whose key the provider's staff rolled (a compromised key), with their reason. */
export function keyRolledByStaff(input: {
  to: string;
  accountName: string;
  key: string;
  liveMode: boolean;
  reason: string;
  stopsAt: Date;
  url: string;
}): OutgoingMail {
  const stops = input.stopsAt.getTime() <= Date.now() ? 'The old key stopped working at once.' : `The old key stops working at ${input.stopsAt.toISOString()}.`;
  const lines = [
    `Rampart staff rolled the ${input.key} of ${input.accountName}.`,
    `Reason: ${input.reason}`,
    stops,
    input.liveMode
      ? 'Staff were not shown the new key. Roll it again yourself under Developers to see its secret (shown once), and put it in your systems.'
      : 'Staff were not shown the new key. Reveal it under Developers and put it in your systems.',
  ];
  return {
    to: input.to,
    subject: `An API key of ${input.accountName} was rolled by Rampart staff`,
    text: [...lines, '', input.url, '', '— Rampart'].join('\n'),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(input.url)}">Open Developers</a></p><p>— Rampart</p>`,
  };
}
