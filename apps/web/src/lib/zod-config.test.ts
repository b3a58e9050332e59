import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes zod jitless without importing zod first (zod 4 reads globalThis.__zod_globalConfig)', async () => {
    await import('@/lib/zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A schema built afterwards still validates (the interpreted parser).
    expect(z.object({ email: z.string().min(1) }).safeParse({ email: '' }).success).toBe(false);
  });
});
