import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

function message(to: string, subject: string, lines: string[], action?: { label: string; url: string }): OutgoingMail {
  const text = [...lines, ...(action ? ['', `${action.label}: ${action.url}`] : []), '', '— Rampart'].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : '',
    '<p>— Rampart</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export const signupCode = (to: string, firstName: string, code: string, url: string) =>
  message(to, `Your Rampart confirmation code: ${code}`, [`Hi ${firstName},`, `Your confirmation code is ${code}. It expires in 30 minutes.`], {
    label: 'Enter the code',
    url,
  });

export const accountAlreadyExists = (to: string, loginUrl: string, resetUrl: string) =>
  message(to, 'You already have a Rampart account', [
    'Someone tried to sign up to Rampart with this e-mail address, which already has an account.',
    `If it was you, sign in at ${loginUrl} or reset your password at ${resetUrl}. Otherwise you can ignore this message.`,
  ]);

export const passwordReset = (to: string, firstName: string, url: string, minutes: number) =>
  message(
    to,
    'Reset your Rampart password',
    [
      `Hi ${firstName},`,
      `Use the link below to choose a new password. It works once and expires in ${minutes} minutes.`,
      'If you did not ask for this, ignore this e-mail.',
    ],
    { label: 'Reset password', url },
  );

/** Sent instead of a reset link when the user's organization requires single sign-on (no Rampart password is used). */
export const passwordResetSsoRequired = (to: string, firstName: string, loginUrl: string) =>
  message(
    to,
    'Sign in to Rampart with single sign-on',
    [
      `Hi ${firstName},`,
      'Someone asked to reset your Rampart password. Your organization requires single sign-on, so your Rampart password is not used: sign in with "Sign in with SSO", and change your password at your identity provider.',
      'If you did not ask for this, ignore this e-mail.',
    ],
    { label: 'Sign in', url: loginUrl },
  );

export const resetTwoFactor = (to: string, firstName: string, url: string, minutes: number) =>
  message(
    to,
    'Turn off two-factor authentication on Rampart',
    [`Hi ${firstName},`, `Use the link below to turn off two-factor authentication. It works once and expires in ${minutes} minutes.`],
    { label: 'Reset two-factor authentication', url },
  );

export const confirmEmailChange = (to: string, firstName: string, url: string) =>
  message(to, 'Confirm your new Rampart e-mail address', [`Hi ${firstName},`, 'Confirm that this is your new e-mail address for Rampart.'], {
    label: 'Confirm e-mail address',
    url,
  });

export const staffInvitation = (to: string, firstName: string, roleLabel: string, url: string, hours: number) =>
  message(
    to,
    'You are invited to Rampart as staff',
    [
      `Hi ${firstName},`,
      `The operator of this Rampart made you a member of its staff, with the role ${roleLabel}.`,
      `Use the link below to choose your password. It works once and expires in ${hours} hours; after that, use "Forgot your password?" on the sign-in page.`,
      'Before your first staff action you will be asked to turn on two-factor authentication with an authenticator app.',
    ],
    { label: 'Choose your password', url },
  );

export const staffPromotion = (to: string, firstName: string, roleLabel: string, loginUrl: string) =>
  message(
    to,
    'You are now Rampart staff',
    [
      `Hi ${firstName},`,
      `The operator of this Rampart made you a member of its staff, with the role ${roleLabel}. Sign in as usual.`,
      'Before your first staff action you will be asked to turn on two-factor authentication with an authenticator app.',
      'If you did not expect this, tell your Rampart operator.',
    ],
    { label: 'Sign in', url: loginUrl },
  );
