/**
 * A problem that stops the server from starting. Its message is one line that says what to fix; main.ts
 * prints it alone, without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
