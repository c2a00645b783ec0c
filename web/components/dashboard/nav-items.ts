import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ChartColumn,
  CircleUserRound,
  CreditCard,
  IdCard,
  KeyRound,
  LifeBuoy,
  Link2,
  Palette,
  QrCode,
  SquarePen,
  UserCog,
  Users,
  Webhook,
  Globe,
  Contact,
  Cable,
  Signature,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '#src/routes.ts';

export interface NavItem {
  path: string;
  label: MessageDescriptor;
  icon: LucideIcon;
}

/**
 * spec section 2, dashboard layout: the main sidebar entries, in order. The other dashboard pages of spec
 * section 2 get entries too, so every page lights the entry of where the person is: the single-vCard
 * editor beside the vCards, the links page beside the vCards whose public profile shows those links, and
 * the profile page (name, username, picture) before billing and the account.
 */
export const PRIMARY_NAV_ITEMS: readonly NavItem[] = [
  { path: paths.dashboard, label: msg`Analytics`, icon: ChartColumn },
  { path: paths.qrCodes, label: msg`My QR Codes`, icon: QrCode },
  { path: paths.vcards, label: msg`My vCards`, icon: IdCard },
  { path: paths.vcardEditor, label: msg`Edit vCard`, icon: SquarePen },
  { path: paths.cardDesign, label: msg`Card design`, icon: Palette },
  { path: paths.cardKit, label: msg`Signature and background`, icon: Signature },
  { path: paths.links, label: msg`Links`, icon: Link2 },
  { path: paths.leads, label: msg`Leads`, icon: Contact },
  { path: paths.team, label: msg`Team`, icon: Users },
  { path: paths.apiKeys, label: msg`API keys`, icon: KeyRound },
  { path: paths.webhooks, label: msg`Webhooks`, icon: Webhook },
  { path: paths.connections, label: msg`Connections`, icon: Cable },
  { path: paths.domains, label: msg`Domains`, icon: Globe },
  { path: paths.profile, label: msg`Profile`, icon: CircleUserRound },
  { path: paths.billing, label: msg`Billing`, icon: CreditCard },
  { path: paths.account, label: msg`Account`, icon: UserCog },
];

export const SUPPORT_NAV_ITEM: NavItem = { path: paths.support, label: msg`Support`, icon: LifeBuoy };
