// /goodbye is shown only right after an account deletion: the deletion navigates there with this state,
// which the browser keeps across a reload of that page and nobody else's visit carries.

export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

export function cameFromDeletion(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'accountDeleted' in state && state.accountDeleted === true
  );
}
