import { zodResolver } from '@hookform/resolvers/zod';
import { otpCodeSchema } from '@rampart/shared/identity-schemas';
import { z } from 'zod';

// The two-factor code step's rule (the server's otpCodeSchema), loaded when the code is first checked.
export const codeResolver = zodResolver(z.object({ otpToken: otpCodeSchema }));
