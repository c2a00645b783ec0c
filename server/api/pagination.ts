import { z } from 'zod';

// Cursor pagination of the REST API's lists. The services answer a user's whole list (each is bounded by
// the plan's limit); a page is the part after the cursor in the order of a sort key and the id (sorted
// here, as the cursor compares them: a database orders timestamps by the microsecond, a Date by the ms). The cursor
// is opaque to clients: base64url of the last item's sort key and id, so a page stays right when items
// before it are added or deleted.

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

type SortKey = string | number;
type CursorPosition = [SortKey, string];

/** The cursor of the item a page ended with. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decodeCursor(cursor: string): CursorPosition | null {
  try {
    const position: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(position) &&
      position.length === 2 &&
      (typeof position[0] === 'string' || typeof position[0] === 'number') &&
      typeof position[1] === 'string'
    )
      return [position[0], position[1]];
  } catch {
    // not base64url JSON: refused below like any other cursor that was not ours
  }
  return null;
}

/** `?limit=&cursor=` of every list; a cursor this server did not make is refused as a field error. */
export const PageQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z
    .string()
    .transform((cursor, ctx) => {
      const position = decodeCursor(cursor);
      if (!position) {
        ctx.addIssue({ code: 'custom', message: 'invalid cursor' });
        return z.NEVER;
      }
      return position;
    })
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page; left out: the first page.' }),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

/** A page of a list: its items and the cursor of the next page (null: this is the last one). */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

/**
 * The page of `items`, in the order of `sortKey` then id in `direction`, that follows the query's cursor.
 * Dates sort as their ISO strings, which order as the dates do.
 */
export function pageOf<Item extends { id: string }>(
  items: readonly Item[],
  sortKey: (item: Item) => SortKey,
  direction: 'asc' | 'desc',
  query: PageQuery,
): { items: Item[]; next_cursor: string | null } {
  const sign = direction === 'asc' ? 1 : -1;
  const sorted = items
    .map((item) => ({ item, position: [sortKey(item), item.id] as CursorPosition }))
    .sort((a, b) => sign * comparePositions(a.position, b.position));
  const after = query.cursor;
  const rest = (
    after ? sorted.filter(({ position }) => sign * comparePositions(position, after) > 0) : sorted
  ).map(({ item }) => item);
  const page = rest.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page,
    next_cursor: last && rest.length > page.length ? encodeCursor([sortKey(last), last.id]) : null,
  };
}

function comparePositions([key, id]: CursorPosition, [otherKey, otherId]: CursorPosition): number {
  if (key !== otherKey) return key < otherKey ? -1 : 1;
  if (id !== otherId) return id < otherId ? -1 : 1;
  return 0;
}
