import { describe, expect, it } from 'vitest';
import { emailWrapPoints } from '#web/lib/email-wrap.ts';

describe('emailWrapPoints', () => {
  it('cuts an address before its @ and after each dot, keeping every character', () => {
    expect(emailWrapPoints('elena.garcia@acme.test')).toEqual(['elena.', 'garcia', '@acme.', 'test']);
    expect(emailWrapPoints('a@b')).toEqual(['a', '@b']);
  });

  it('leaves an address without a point to cut, or ending in a dot, whole where it cannot cut', () => {
    expect(emailWrapPoints('nobody')).toEqual(['nobody']);
    expect(emailWrapPoints('x@y.')).toEqual(['x', '@y.']);
    expect(emailWrapPoints('')).toEqual(['']);
  });
});
