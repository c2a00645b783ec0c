import { z } from 'zod';

// Cursor pagination of the REST API's lists. The services answer a user's whole list (each is bounded by
// the plan's limit); a page is the part after the cursor in the order of sort keys and the id (sorted
// here, as the cursor compares them: a database orders timestamps by the microsecond, a Date by the ms). The cursor
// is opaque to clients: base64url of the last item's sort keys and id, so a page stays right when items
// before it are added or deleted. Leads, which no plan bounds, are paged by their own query with the same
// cursor (server/api/leads.ts).

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

type SortKey = string | number;
/** A place in a list: the item's sort keys, then its id. */
type CursorPosition = readonly SortKey[];

/** The cursor of the item a page ended with. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decodeCursor(cursor: string): CursorPosition | null {
  try {
    const position: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(position) &&
      position.length >= 2 &&
      position.every((key) => typeof key === 'string' || typeof key === 'number') &&
      typeof position.at(-1) === 'string'
    )
      return position as SortKey[];
  } catch {
    // not base64url JSON: refused below like any other cursor that was not ours
  }
  return null;
}

const INVALID_CURSOR = 'invalid cursor';

/** `?limit=&cursor=` of every list; a cursor this server did not make is refused as a field error. */
export const PageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z
    .string()
    .transform((cursor, ctx) => {
      const position = decodeCursor(cursor);
      if (!position) {
        ctx.addIssue({ code: 'custom', message: INVALID_CURSOR });
        return z.NEVER;
      }
      return position;
    })
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page; left out: the first page.' }),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

/**
 * The refusal of a cursor of another list (keys of other kinds), as the cursor field's: for a list that
 * pages in its own query (server/api/leads.ts) as for pageOf.
 */
export function invalidCursor(cursor: unknown): z.ZodError {
  return new z.ZodError([{ code: 'custom', path: ['cursor'], message: INVALID_CURSOR, input: cursor }]);
}

/**
 * A page of a list: its items, whether more follow (`has_more`, what a generated client loops on) and the
 * cursor of the next page (null: this is the last one).
 */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    has_more: z
      .boolean()
      .meta({ description: 'Whether another page follows: ask for it with `next_cursor`.' }),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: 'The `cursor` of the next page; null on the last page.' }),
  });
}

/** A page as pageSchema answers it, from its items and the next page's cursor. */
export function pageWith<Item>(items: Item[], nextCursor: string | null) {
  return { items, has_more: nextCursor !== null, next_cursor: nextCursor };
}

/**
 * The page of `items` that follows the query's cursor, in the order of `sortKeys` (compared one after
 * the other) then id, in `direction`. The cursor is the last item's keys (a keyset), not its place in the
 * list, so deleting an item of an earlier page skips nothing. Dates sort as their ISO strings, which
 * order as the dates do. A cursor of another list (keys of other types) is refused as the cursor field's.
 */
export function pageOf<Item extends { id: string }>(
  items: readonly Item[],
  sortKeys: (item: Item) => readonly SortKey[],
  direction: 'asc' | 'desc',
  query: PageQuery,
): { items: Item[]; has_more: boolean; next_cursor: string | null } {
  const sign = direction === 'asc' ? 1 : -1;
  const positionOf = (item: Item): CursorPosition => [...sortKeys(item), item.id];
  const sorted = items
    .map((item) => ({ item, position: positionOf(item) }))
    .sort((a, b) => sign * comparePositions(a.position, b.position));
  const after = query.cursor;
  if (after && sorted[0] && !sameShape(after, sorted[0].position)) {
    throw invalidCursor(after);
  }
  const rest = (
    after ? sorted.filter(({ position }) => sign * comparePositions(position, after) > 0) : sorted
  ).map(({ item }) => item);
  const pageItems = rest.slice(0, query.limit);
  const last = pageItems.at(-1);
  return pageWith(pageItems, last && rest.length > pageItems.length ? encodeCursor(positionOf(last)) : null);
}

function sameShape(position: CursorPosition, other: CursorPosition): boolean {
  return (
    position.length === other.length && position.every((key, index) => typeof key === typeof other[index])
  );
}

function comparePositions(position: CursorPosition, other: CursorPosition): number {
  for (const [index, key] of position.entries()) {
    const otherKey = other[index]!;
    if (key !== otherKey) return key < otherKey ? -1 : 1;
  }
  return 0;
}
