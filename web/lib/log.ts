/**
 * For calls whose failure must not stop the person (spec section 8: profile reads and updates during
 * sign-in and onboarding are only logged): `promise.catch(logFailure('Reading the profile'))`.
 */
export function logFailure(action: string): (error: unknown) => void {
  return (error) => console.warn(`${action} failed`, error);
}
