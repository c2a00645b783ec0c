import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebhookDeliveryEvent, WebhookEvent } from '#src/webhooks.ts';

/** The events of the endpoint form, in the groups it shows them in. */
export const EVENT_GROUPS: readonly { name: MessageDescriptor; events: readonly WebhookEvent[] }[] = [
  { name: msg`Cards`, events: ['card.created', 'card.updated', 'card.deleted'] },
  { name: msg`Links`, events: ['link.created', 'link.updated', 'link.deleted'] },
  { name: msg`Visits`, events: ['link.scanned', 'profile.viewed'] },
  { name: msg`Leads`, events: ['lead.created', 'lead.erased'] },
  { name: msg`Team`, events: ['team.member_joined'] },
];

export const EVENT_DESCRIPTIONS: Record<WebhookDeliveryEvent, MessageDescriptor> = {
  'card.created': msg`A card was created`,
  'card.updated': msg`A card was changed`,
  'card.deleted': msg`A card was deleted`,
  'link.created': msg`A short link, QR code or profile link was created`,
  'link.updated': msg`A short link, QR code or profile link was changed`,
  'link.deleted': msg`A short link, QR code or profile link was deleted`,
  'link.scanned': msg`Short links and QR codes were visited (counts, sent every few seconds or minutes)`,
  'profile.viewed': msg`Public profiles were viewed (counts, sent every few seconds or minutes)`,
  'lead.created': msg`A visitor shared their contact on a card (with its consent receipt)`,
  'lead.erased': msg`A lead was erased (only its id is sent)`,
  'team.member_joined': msg`Someone joined your team`,
  'webhook.test': msg`A test event`,
};
