import { describe, expect, it } from 'vitest';

describe('zod without eval (the pages refuse eval by their CSP)', () => {
  it('is set in the global object zod reads its settings from, before zod loads', async () => {
    await import('../../web/lib/zod-without-eval.ts');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
  });
});
