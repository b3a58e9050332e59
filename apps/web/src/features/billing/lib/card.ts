// The sandbox checkout's card form: the same checks a real card form makes before sending, so a typo is caught here.
import { passesLuhn } from '@rampart/shared/cards';
import { z } from 'zod';

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** "4242424242424242" → "4242 4242 4242 4242" while typing. */
export function groupCardNumber(value: string): string {
  return cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12/34" while typing. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function cardSchema(now: Date = new Date()) {
  return z.object({
    number: z.string().superRefine((value, ctx) => {
      const digits = cardDigits(value);
      if (!digits) ctx.addIssue({ code: 'custom', message: 'Enter the card number' });
      else if (!/^\d{13,19}$/.test(digits)) ctx.addIssue({ code: 'custom', message: 'A card number has 13 to 19 digits' });
      else if (!passesLuhn(digits)) ctx.addIssue({ code: 'custom', message: 'This card number is not valid; check the digits' });
    }),
    expiry: z.string().superRefine((value, ctx) => {
      const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
      if (!value.trim()) return ctx.addIssue({ code: 'custom', message: 'Enter the expiry date' });
      if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) return ctx.addIssue({ code: 'custom', message: 'Use MM/YY, e.g. 12/34' });
      const year = 2000 + Number(match[2]);
      const month = Number(match[1]);
      if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
        ctx.addIssue({ code: 'custom', message: 'This card has expired' });
      }
    }),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back'),
    nameOnCard: z.string().trim().min(1, 'Enter the name on the card').max(120, 'At most 120 characters'),
  });
}
export type CardValues = z.infer<ReturnType<typeof cardSchema>>;
