/** What better-auth's client reports for a refused call (its `error` result). */
export interface AuthError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
}

/** A refused better-auth call as a thrown error, for react-query (which expects a rejection). */
export class AuthCallError extends Error {
  constructor(readonly error: AuthError) {
    super(error.code ?? `better-auth answered ${error.status}`);
    this.name = 'AuthCallError';
  }
}
