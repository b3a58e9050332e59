import { zodResolver } from '@hookform/resolvers/zod';
import { loginInputSchema, otpCodeSchema } from '@rampart/shared/identity-schemas';
import { z } from 'zod';

// The sign-in form's rules, loaded when it is first checked (the schema library stays off the sign-in page's start).
export const credentialsResolver = zodResolver(loginInputSchema.pick({ email: true, password: true }));
export const codeResolver = zodResolver(z.object({ otpToken: otpCodeSchema }));
