import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { lowCostPasswordHasher, passwordHasherFor } from '../../server/auth/password-hashing.ts';

// The test suite's low-cost hasher (PASSWORD_HASHING=low-cost, refused outside NODE_ENV=test: config.test.ts).

const hasher = lowCostPasswordHasher(verifyPassword);

describe('the low-cost password hasher', () => {
  it('verifies the password it hashed, and no other', async () => {
    const hash = await hasher.hash('Correct-Horse-42');
    expect(hash).toMatch(/^low-cost-scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(await hasher.verify({ hash, password: 'Correct-Horse-42' })).toBe(true);
    expect(await hasher.verify({ hash, password: 'Correct-Horse-43' })).toBe(false);
    // a salt of its own each time
    expect(await hasher.hash('Correct-Horse-42')).not.toBe(hash);
  });

  it("verifies a hash of better-auth's own scrypt with better-auth's verifier", async () => {
    const hash = await hashPassword('Correct-Horse-42');
    expect(await hasher.verify({ hash, password: 'Correct-Horse-42' })).toBe(true);
    expect(await hasher.verify({ hash, password: 'wrong' })).toBe(false);
  });

  it('is never verified by the standard verifier: a low-cost hash cannot pass for a real one', async () => {
    const hash = await hasher.hash('Correct-Horse-42');
    await expect(verifyPassword({ hash, password: 'Correct-Horse-42' })).rejects.toThrow();
  });

  it('refuses a damaged hash of its own', async () => {
    expect(await hasher.verify({ hash: 'low-cost-scrypt$abc', password: 'x' })).toBe(false);
  });
});

describe('the hasher of a PASSWORD_HASHING setting', () => {
  const standard = { hash: hashPassword, verify: verifyPassword };

  it("is better-auth's own for standard", () => {
    expect(passwordHasherFor('standard', standard)).toBe(standard);
  });

  it('is the low-cost one for low-cost, and it still verifies a standard hash', async () => {
    const lowCost = passwordHasherFor('low-cost', standard);
    expect(await lowCost.hash('Correct-Horse-42')).toMatch(/^low-cost-scrypt\$/);
    const real = await hashPassword('Correct-Horse-42');
    expect(await lowCost.verify({ hash: real, password: 'Correct-Horse-42' })).toBe(true);
  });
});
