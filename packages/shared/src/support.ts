import { z } from 'zod';

/** The states of a support request: Open waits for staff, Answered waits for the partner, Closed is done. */
export const SUPPORT_REQUEST_STATUSES = ['Open', 'Answered', 'Closed'] as const;
export type SupportRequestStatus = (typeof SUPPORT_REQUEST_STATUSES)[number];

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

export const supportMessageSchema = z.string().trim().min(1, 'Write your message').max(SUPPORT_MESSAGE_MAX, `At most ${SUPPORT_MESSAGE_MAX} characters`);

/** A partner's new support request: a subject and its first message. */
export const supportRequestSchema = z.object({
  subject: z.string().trim().min(1, 'Give the request a subject').max(SUPPORT_SUBJECT_MAX, `At most ${SUPPORT_SUBJECT_MAX} characters`),
  body: supportMessageSchema,
});

export const supportReplySchema = z.object({ body: supportMessageSchema });
