import { afterEach, describe, expect, it } from 'vitest';
import {
  answerLeaving,
  askBeforeLeaving,
  discardUnsavedChanges,
  hasUnsavedChanges,
  isAskingBeforeLeaving,
  leaveWithoutAsking,
  reportUnsaved,
  shouldAskBeforeLeaving,
  shouldAskBeforeUnload,
} from '#web/lib/leave-guard.ts';

// The leave guard's state (web/lib/leave-guard.ts): forms report unsaved changes, the guard asks before a
// navigation while any form has some, and a navigation that follows a save or an answer does not ask.

const profileForm = Symbol('profile');
const linkForm = Symbol('link');

afterEach(() => {
  reportUnsaved(profileForm, false);
  reportUnsaved(linkForm, false);
});

describe('the leave guard', () => {
  it('asks while any form has unsaved changes, and stops when none has', () => {
    expect(shouldAskBeforeLeaving()).toBe(false);
    reportUnsaved(profileForm, true);
    reportUnsaved(linkForm, true);
    expect(shouldAskBeforeLeaving()).toBe(true);
    reportUnsaved(profileForm, false);
    expect(shouldAskBeforeLeaving()).toBe(true);
    reportUnsaved(linkForm, false);
    expect(hasUnsavedChanges()).toBe(false);
    expect(shouldAskBeforeLeaving()).toBe(false);
  });

  it('lets a navigation through without asking while it starts, and only then', () => {
    reportUnsaved(profileForm, true);
    const during = leaveWithoutAsking(() => shouldAskBeforeLeaving());
    expect(during).toBe(false);
    expect(shouldAskBeforeLeaving()).toBe(true);
    expect(() =>
      leaveWithoutAsking(() => {
        throw new Error('navigation failed');
      }),
    ).toThrow('navigation failed');
    expect(shouldAskBeforeLeaving()).toBe(true);
  });

  it('closing the tab asks with unsaved changes or a save still on its way', () => {
    expect(shouldAskBeforeUnload(false)).toBe(false);
    expect(shouldAskBeforeUnload(true)).toBe(true);
    reportUnsaved(linkForm, true);
    expect(shouldAskBeforeUnload(false)).toBe(true);
  });

  it('leaving without saving throws away what each form kept', () => {
    const discarded: string[] = [];
    reportUnsaved(profileForm, true, () => discarded.push('profile'));
    reportUnsaved(linkForm, true, () => discarded.push('link'));
    discardUnsavedChanges();
    expect(discarded.sort()).toEqual(['link', 'profile']);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks from code (Logout) only with unsaved changes, and waits for the answer', async () => {
    await expect(askBeforeLeaving()).resolves.toBe(true);
    expect(isAskingBeforeLeaving()).toBe(false);

    reportUnsaved(profileForm, true);
    const stay = askBeforeLeaving();
    expect(isAskingBeforeLeaving()).toBe(true);
    answerLeaving(false);
    await expect(stay).resolves.toBe(false);
    expect(hasUnsavedChanges()).toBe(true);

    let discarded = false;
    reportUnsaved(profileForm, true, () => {
      discarded = true;
    });
    const leave = askBeforeLeaving();
    answerLeaving(true);
    await expect(leave).resolves.toBe(true);
    expect(discarded).toBe(true);
    expect(isAskingBeforeLeaving()).toBe(false);
  });
});
