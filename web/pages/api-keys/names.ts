import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApiKeyExpiry, ApiKeyScope } from '#src/api-keys.ts';

export const SCOPE_NAMES: Record<ApiKeyScope, MessageDescriptor> = {
  read: msg`Read`,
  write: msg`Write`,
};

export const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, MessageDescriptor> = {
  read: msg`See your account, cards, links and figures`,
  write: msg`Change them`,
};

export const EXPIRY_NAMES: Record<ApiKeyExpiry, MessageDescriptor> = {
  never: msg`Never`,
  '30': msg`In 30 days`,
  '90': msg`In 90 days`,
  '365': msg`In 1 year`,
};
