import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

// PATCH of the REST API: a partial update (docs/decisions/025-rest-patch.md). The body holds the fields to
// change and, optionally, the `baseVersion` the change was made from; it is merged onto the object's stored
// form values and the merge goes through the dashboard's own schema, so a PATCH accepts exactly what the
// dashboard's whole form accepts. Without `baseVersion` the change is made on the version it was merged
// onto: the last write wins, and only a write saved between that read and this one is a conflict.

declare module 'fastify' {
  interface FastifyRequest {
    /** a PATCH body as sent, before its schema's defaults and transforms (keepPatchBody) */
    patchBody: unknown;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored values with the patch's fields in their place: an object merges field by field (a card's
 * `socialLinks`, `address`), anything else (null too: a nullable field cleared) replaces.
 */
export function mergePatch(stored: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...stored };
  for (const [field, value] of Object.entries(patch)) {
    const current = merged[field];
    merged[field] = isPlainObject(value) && isPlainObject(current) ? mergePatch(current, value) : value;
  }
  return merged;
}

/** What every PATCH operation's description says (the document's and docs/architecture.md's rule). */
export const PATCH_DESCRIPTION =
  'A partial update: send only the fields to change. With `baseVersion`, the `version` the change was made ' +
  'from, a newer version saved since is 409 `edit_conflict`; without it, the last write wins. A field left ' +
  'out keeps its stored value; `""` (or `null` where the schema allows it) clears one; an ' +
  'object field (an address, the social links) merges field by field, and an object whose fields go ' +
  'together (the labelled other link) is sent whole. The merged values pass the same rules as the ' +
  "dashboard's form.";

/**
 * The body of a PATCH made from a form's schema: every field optional (and those of its object fields,
 * `baseVersion` too), unknown fields refused. It checks and documents what was sent; the merged values
 * are then checked by the form's schema itself (patchedValues).
 */
export function patchBodySchema(form: z.ZodObject) {
  const fields = Object.entries(form.shape).map(([name, field]) => {
    const object = objectWithin(field);
    // an object with a rule across its fields (a labelled link: label and URL together) is sent whole
    const partial = object && !object._zod.def.checks?.length ? object.partial() : field;
    return [name, partial.optional()] as const;
  });
  return z.strictObject(Object.fromEntries(fields));
}

/** The object a field's schema reads (a card's address: inside its default and its transform), if any. */
function objectWithin(field: z.core.$ZodType): z.ZodObject | null {
  if (field instanceof z.ZodObject) return field;
  if (field instanceof z.ZodPipe) return objectWithin(field.in);
  if (field instanceof z.ZodPrefault || field instanceof z.ZodDefault) return objectWithin(field.unwrap());
  return null;
}

/** A preValidation hook of PATCH routes: keeps the body as sent for the merge. */
export async function keepPatchBody(request: FastifyRequest): Promise<void> {
  request.patchBody = request.body;
}

/**
 * The form's values after the PATCH: the merge onto the stored values at `storedVersion` (the
 * `baseVersion` of a patch that sends none), checked by the form's schema (a ZodError names the fields).
 */
export function patchedValues<Form extends z.ZodType>(
  form: Form,
  stored: Record<string, unknown>,
  storedVersion: number,
  request: FastifyRequest,
): z.output<Form> {
  const patch = isPlainObject(request.patchBody) ? request.patchBody : {};
  return form.parse(mergePatch({ ...stored, baseVersion: storedVersion }, patch));
}
