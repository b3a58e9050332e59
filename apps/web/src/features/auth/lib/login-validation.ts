import { zodResolver } from '@hookform/resolvers/zod';
import { loginInputSchema } from '@rampart/shared/identity-schemas';

// The sign-in form's rules, loaded when it is first checked (the schema library stays off the sign-in page's start).
export const credentialsResolver = zodResolver(loginInputSchema.pick({ email: true, password: true }));
