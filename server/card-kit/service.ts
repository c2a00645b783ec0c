import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import {
  SIGNATURE_LAYOUTS,
  type BackgroundLayout,
  type BackgroundWidth,
  type SignatureLayout,
} from '../../src/card-kit.ts';
import { fileNameText } from '../../src/file-name.ts';
import type { Locale } from '../../src/i18n.ts';
import type { CardSignaturesInput } from '../../src/schemas/card-kit.ts';
import { toSingleLine } from '../../src/text.ts';
import { requireFeature } from '../access/plan-gate.ts';
import { cardAccount, requireTeamRole } from '../access/team-access.ts';
import type { AppDeps, ServiceContext } from '../lib/app-deps.ts';
import { AppError } from '../lib/errors.ts';
import { readPhoto } from '../media/service.ts';
import { findProfileByVcardId } from '../public-profile/service.ts';
import { renderBackground } from './background.ts';
import { backgroundCardOf, kitCardOf, signatureCardOf, type KitCard } from './card.ts';
import { renderSignature, type Signature } from './signature.ts';
import { KIT_TEXTS } from './texts.ts';

// Signatures and meeting backgrounds (cardKit: every paid plan, docs/decisions/027-card-everywhere.md):
// from a card the signed-in person may edit (their own, their team card, or as an admin any of the team's),
// and for a team's admins every member's background in one ZIP. The plan is the card's account's: a team
// card has its team's Business plan whatever its member's own plan is.

/** The kit of a card that `userId` may edit, on a plan with cardKit; a team's draft card too. */
async function editableKit(deps: AppDeps, userId: string, vcardId: string): Promise<KitCard> {
  const account = await cardAccount(deps.db, userId, vcardId, 'edit');
  await requireFeature(deps, account, 'cardKit');
  const profile = await findProfileByVcardId(deps.db, vcardId, { withDraft: true });
  if (!profile) throw new AppError('not_found');
  return kitCardOf(deps.db, deps.config.publicUrl, profile);
}

export interface CardSignatures {
  /** Each layout asked for, with the one drawn (another where the card lacks what it needs). */
  layouts: (Signature & { wanted: SignatureLayout })[];
  /** The name of the .htm file of each layout, without the layout and extension. */
  fileName: string;
}

/** A card's signature in each layout, as HTML and plain text, in the screen's language. */
export async function cardSignatures(
  ctx: ServiceContext,
  input: CardSignaturesInput,
): Promise<CardSignatures> {
  const kit = await editableKit(ctx, ctx.user.id, input.vcardId);
  const card = signatureCardOf(kit);
  const texts = KIT_TEXTS[input.locale].signature;
  return {
    layouts: SIGNATURE_LAYOUTS.map((wanted) => ({ wanted, ...renderSignature(card, wanted, texts) })),
    fileName: fileBase(kit.profile.card.name),
  };
}

function fileBase(name: string): string {
  return (
    fileNameText(
      toSingleLine(name)
        .replace(/[/\\:*?"<>|]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ) || 'card'
  );
}

export interface BackgroundOptions {
  layout: BackgroundLayout;
  width: BackgroundWidth;
  /** The words' language; the card's own page language when not given. */
  locale: Locale | undefined;
}

async function backgroundOf(deps: AppDeps, kit: KitCard, options: BackgroundOptions): Promise<Buffer> {
  const logo = await readPhoto(deps, kit.logo).catch(() => null);
  const texts = KIT_TEXTS[options.locale ?? kit.language].background;
  return renderBackground(backgroundCardOf(kit, logo), options.layout, options.width, texts);
}

const backgroundFileName = (name: string, options: BackgroundOptions) =>
  `${fileBase(name)}-${options.layout}-${options.width}x${(options.width * 9) / 16}.png`;

/** One card's background as a PNG, with its file name. */
export async function cardBackground(
  deps: AppDeps,
  userId: string,
  vcardId: string,
  options: BackgroundOptions,
): Promise<{ body: Buffer; fileName: string }> {
  const kit = await editableKit(deps, userId, vcardId);
  return {
    body: await backgroundOf(deps, kit, options),
    fileName: backgroundFileName(kit.profile.card.name, options),
  };
}

/**
 * The team's cards that have a member, one per member (their oldest), not drafts: what the admins' ZIP
 * holds. Throws team_role_required for someone not the team's owner or admin, plan_required without cardKit.
 */
export async function teamBackgroundCards(
  deps: AppDeps,
  userId: string,
): Promise<{ accountId: string | null; cards: { id: string; name: string }[] }> {
  const { teamId } = await requireTeamRole(deps.db, userId, 'admin');
  const team = await deps.db
    .selectFrom('teams')
    .select('account_id')
    .where('id', '=', teamId)
    .executeTakeFirst();
  const accountId = team?.account_id ?? null;
  if (!accountId) return { accountId, cards: [] };
  await requireFeature(deps, accountId, 'cardKit');
  const rows = await deps.db
    .selectFrom('vcards')
    .select(['id', 'name', 'member_id'])
    .where('user_id', '=', accountId)
    .where('member_id', 'is not', null)
    .where('draft', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  const cards = rows.filter((row) => {
    if (row.member_id === null || seen.has(row.member_id)) return false;
    seen.add(row.member_id);
    return true;
  });
  return { accountId, cards: cards.map(({ id, name }) => ({ id, name })) };
}

/**
 * Every member's background in one ZIP, made one after the other as it is sent (one PNG in memory at a
 * time); `count` is known before the first byte, so the dashboard can say how far it is.
 */
export async function teamBackgroundsZip(
  deps: AppDeps,
  userId: string,
  options: BackgroundOptions,
): Promise<{ stream: Readable; count: number; fileName: string }> {
  const { cards } = await teamBackgroundCards(deps, userId);
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const names = new Set<string>();
  void (async () => {
    for (const card of cards) {
      const profile = await findProfileByVcardId(deps.db, card.id);
      if (!profile) continue;
      const kit = await kitCardOf(deps.db, deps.config.publicUrl, profile);
      const png = await backgroundOf(deps, kit, options);
      // two members of one name get two files
      let name = backgroundFileName(card.name, options);
      for (let n = 2; names.has(name); n += 1) name = backgroundFileName(`${card.name} ${n}`, options);
      names.add(name);
      // a PNG is compressed already: stored as it is
      zip.addBuffer(png, name, { compress: false, mtime: new Date() });
      // one PNG at a time: the next is drawn once this one has gone out
      await new Promise((resolve) => setImmediate(resolve));
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return {
    stream: output,
    count: cards.length,
    fileName: `backgrounds-${options.layout}-${options.width}.zip`,
  };
}
