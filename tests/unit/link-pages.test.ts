import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '#server/app-router.ts';
import { getPlan } from '#src/plans.ts';
import { ERROR_REASON_TEXT, NETWORK_ERROR_TEXT, VALIDATION_MESSAGE_TEXT } from '#web/lib/error-messages.ts';
import { linkAddFailure, linkUpdateFailure } from '#web/pages/links/link-save-failure.ts';
import { qrSaveFailure } from '#web/pages/qr-codes/qr-save-failure.ts';

// What My QR Codes and the links page say when a save is refused (spec section 8).

function refused(reason: string, extra: Record<string, unknown> = {}) {
  return TRPCClientError.from<AppRouter>({
    error: {
      message: reason,
      code: -32600,
      data: { code: 'FORBIDDEN', httpStatus: 403, path: 'links.createQrCode', reason, ...extra },
    },
  });
}

describe('qrSaveFailure', () => {
  it('says Limit Reached with the QR codes text when the plan has no room', () => {
    const { toast } = qrSaveFailure(
      refused('limit_reached', { meta: { resource: 'qrCodes', limit: 1 } }),
      'create',
    );
    expect(toast.title.message).toBe('Limit Reached');
    expect(toast.description.message).toBe('Upgrade your plan to create more QR codes.');
  });

  it('names the first field the server refused, and returns them all to mark', () => {
    const fieldErrors = [
      { path: 'title', message: 'validation.link.title_required' },
      { path: 'url', message: 'validation.url.scheme' },
    ];
    const failure = qrSaveFailure(refused('validation_failed', { fieldErrors }), 'create');
    expect(failure.toast.title.message).toBe('Validation Error');
    expect(failure.toast.description).toBe(VALIDATION_MESSAGE_TEXT['validation.link.title_required']);
    expect(failure.fieldErrors).toEqual(fieldErrors);
  });

  it("says which save failed, with the reason's text", () => {
    const created = qrSaveFailure(refused('internal'), 'create');
    expect(created.toast.title.message).toBe('Failed to create QR code. Please try again.');
    expect(created.toast.description).toBe(ERROR_REASON_TEXT.internal);
    const managed = qrSaveFailure(refused('link_managed_by_vcard'), 'update');
    expect(managed.toast.title.message).toBe('Failed to update QR code. Please try again.');
    expect(managed.toast.description).toBe(ERROR_REASON_TEXT.link_managed_by_vcard);
  });

  it('says the server could not be reached when no answer came', () => {
    const offline = TRPCClientError.from<AppRouter>(new Error('Failed to fetch'));
    expect(qrSaveFailure(offline, 'create').toast.description).toBe(NETWORK_ERROR_TEXT);
  });
});

describe('linkAddFailure', () => {
  const freeLimit = getPlan('free').limits.links;

  it("gives the links page's own limit text with the server's number", () => {
    const { toast } = linkAddFailure(
      refused('limit_reached', { meta: { resource: 'links', limit: freeLimit } }),
      99,
    );
    expect(toast.title.message).toBe('Limit Reached');
    expect(toast.description.message).toBe(
      'Free users can create {limit} links. Upgrade to Pro for unlimited links!',
    );
    expect(toast.description.values).toEqual({ limit: freeLimit });
  });

  it('falls back to the limit the page knows when the refusal names none', () => {
    const { toast } = linkAddFailure(refused('limit_reached'), freeLimit);
    expect(toast.description.values).toEqual({ limit: freeLimit });
  });

  it('says the add failed otherwise', () => {
    const { toast } = linkAddFailure(refused('not_found'), freeLimit);
    expect(toast.title.message).toBe('Failed to add link. Please try again.');
    expect(toast.description).toBe(ERROR_REASON_TEXT.not_found);
  });
});

describe('linkUpdateFailure', () => {
  it('names the first field the server refused, and returns them all to mark', () => {
    const fieldErrors = [{ path: 'url', message: 'validation.url.scheme' }];
    const failure = linkUpdateFailure(refused('validation_failed', { fieldErrors }));
    expect(failure.toast.title.message).toBe('Validation Error');
    expect(failure.toast.description).toBe(VALIDATION_MESSAGE_TEXT['validation.url.scheme']);
    expect(failure.fieldErrors).toEqual(fieldErrors);
  });

  it("says the edit failed otherwise, with the reason's text", () => {
    const { toast } = linkUpdateFailure(refused('not_found'));
    expect(toast.title.message).toBe('Failed to update link. Please try again.');
    expect(toast.description).toBe(ERROR_REASON_TEXT.not_found);
  });
});
