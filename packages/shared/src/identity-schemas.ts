import { z } from 'zod';
import { JOB_TITLES, PREFERRED_CURRENCIES } from './enums.ts';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(EMAIL_MAX_LENGTH, `An e-mail address has at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Enter a valid e-mail address'));

/** Length rules only; the common-password check runs on the server, which holds the list. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const personNameSchema = z.string().trim().min(1, 'Required').max(NAME_MAX_LENGTH, `At most ${NAME_MAX_LENGTH} characters`);

export const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** Characters of a two-factor recovery code: no 0/o, 1/l/i, which read alike. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;

/** A recovery code as typed: case, spaces and the hyphen in the middle do not matter. */
export const recoveryCodeSchema = z
  .string()
  .max(100, 'Enter a recovery code: 10 letters and digits, such as abcde-23456')
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(
    z.string().regex(new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`), 'Enter a recovery code: 10 letters and digits, such as abcde-23456'),
  );

export const signupInputSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  jobTitle: z.enum(JOB_TITLES, { message: 'Choose a job title from the list' }),
  email: emailSchema,
  password: newPasswordSchema,
  referralLink: z.string().trim().max(2048, 'At most 2048 characters').optional().nullable(),
});

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
  otpToken: otpCodeSchema.optional().nullable(),
  /** Instead of otpToken: one of the user's two-factor recovery codes. */
  recoveryCode: recoveryCodeSchema.optional().nullable(),
});

export const confirmationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail');

export const preferredCurrencySchema = z.enum(PREFERRED_CURRENCIES, { message: 'Choose eur, gbp or usd' });
