import { describe, expect, it } from 'vitest';
import { changedPaths } from '../../src/form-paths.ts';

describe('changedPaths', () => {
  it('names each changed field by its dotted path, and nothing for equal values', () => {
    const before = { name: 'Mia', address: { city: 'Lyon', street: '' }, socialLinks: { github: '' } };
    const after = { name: 'Mia', address: { city: 'Paris', street: '' }, socialLinks: { github: 'mia' } };
    expect(changedPaths(before, after)).toEqual(['address.city', 'socialLinks.github']);
    expect(changedPaths(before, structuredClone(before))).toEqual([]);
  });

  it('compares a list whole, and a group that appeared with an empty one', () => {
    expect(changedPaths({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual(['tags']);
    expect(changedPaths({ address: null }, { address: { city: 'Lyon' } })).toEqual(['address.city']);
    expect(changedPaths({ photo: null }, { photo: undefined })).toEqual([]);
  });
});
