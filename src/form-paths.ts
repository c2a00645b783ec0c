// Where two versions of a form's values differ, as the dotted paths the forms and their comparison use
// ('position', 'address.city', 'socialLinks.linkedin'): a list is one value, compared whole.

/** The dotted paths of the values that differ between `before` and `after`, in the order of `after`'s keys. */
export function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  if (isRecord(before) || isRecord(after)) {
    // a group that appeared or went is compared with an empty one: each of its fields that holds something
    const from = isRecord(before) ? before : {};
    const to = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(to), ...Object.keys(from)])];
    return keys.flatMap((key) => changedPaths(from[key], to[key], prefix ? `${prefix}.${key}` : key));
  }
  return JSON.stringify(before ?? null) === JSON.stringify(after ?? null) ? [] : [prefix];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
