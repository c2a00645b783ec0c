import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RemovePasskeyInput, RenamePasskeyInput } from '../../src/schemas/passkey.ts';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import type { ServiceContext } from '../lib/app-deps.ts';

// The passkeys of the signed-in person: listed, renamed and removed here (better-auth's own list, update
// and delete endpoints are not mounted: server/passkeys/auth-plugin.ts). Adding one and signing in with
// one are better-auth's passkey ceremonies.

export interface PasskeyItem {
  id: string;
  name: string | null;
  /** 'multiDevice': synced by a password manager or platform; 'singleDevice': bound to one authenticator. */
  deviceType: string;
  createdAt: Date;
  /** False for the account's last way to sign in (a person always keeps a password or another passkey). */
  removable: boolean;
}

/** Whether the account has a password (an e-mail and password sign-in). */
export async function hasPassword(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .where('password', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the account can be signed in to without any passkey: with its password, or through a linked
 * provider this server offers (a Google or Apple account whose keys are configured).
 */
async function signsInWithoutPasskey(db: Kysely<Database>, config: Config, userId: string): Promise<boolean> {
  const providers = [
    'credential',
    ...(config.oauth.google ? ['google'] : []),
    ...(config.oauth.apple ? ['apple'] : []),
  ];
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('provider_id', 'in', providers)
    .where((eb) => eb.or([eb('provider_id', '!=', 'credential'), eb('password', 'is not', null)]))
    .executeTakeFirst();
  return row !== undefined;
}

export interface PasskeyList {
  passkeys: PasskeyItem[];
  /** Adding a passkey asks for this password first (server/passkeys/auth-plugin.ts). */
  hasPassword: boolean;
}

export async function listPasskeys(ctx: ServiceContext): Promise<PasskeyList> {
  const [rows, otherWay, password] = await Promise.all([
    ctx.db
      .selectFrom('passkeys')
      .select(['id', 'name', 'device_type', 'created_at'])
      .where('user_id', '=', ctx.user.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    signsInWithoutPasskey(ctx.db, ctx.config, ctx.user.id),
    hasPassword(ctx.db, ctx.user.id),
  ]);
  const removable = otherWay || rows.length > 1;
  const passkeys = rows.map((row) => ({
    id: row.id,
    name: row.name,
    deviceType: row.device_type,
    createdAt: row.created_at,
    removable,
  }));
  return { passkeys, hasPassword: password };
}

export async function renamePasskey(ctx: ServiceContext, input: RenamePasskeyInput): Promise<void> {
  const { numUpdatedRows } = await ctx.db
    .updateTable('passkeys')
    .set({ name: input.name })
    .where('id', '=', input.id)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  if (numUpdatedRows === 0n) throw new AppError('not_found');
}

/** Removes a passkey unless it is the account's last way to sign in (`last_sign_in_method`). */
export async function removePasskey(ctx: ServiceContext, input: RemovePasskeyInput): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // one removal at a time per account, so two at once cannot take away the last two passkeys
    await trx.selectFrom('users').select('id').where('id', '=', ctx.user.id).forUpdate().execute();
    const passkeys = await trx
      .selectFrom('passkeys')
      .select('id')
      .where('user_id', '=', ctx.user.id)
      .execute();
    if (!passkeys.some((passkey) => passkey.id === input.id)) throw new AppError('not_found');
    if (passkeys.length === 1 && !(await signsInWithoutPasskey(trx, ctx.config, ctx.user.id))) {
      throw new AppError('last_sign_in_method');
    }
    await trx.deleteFrom('passkeys').where('id', '=', input.id).where('user_id', '=', ctx.user.id).execute();
  });
}
