import { zodResolver } from '@hookform/resolvers/zod';
import { otpCodeSchema, recoveryCodeSchema } from '@rampart/shared/identity-schemas';
import { z } from 'zod';

// The two-factor code step's rules (the server's otpCodeSchema and recoveryCodeSchema), loaded when a code is first checked.
export const codeResolver = zodResolver(z.object({ otpToken: otpCodeSchema }));
export const recoveryResolver = zodResolver(z.object({ recoveryCode: recoveryCodeSchema }));
