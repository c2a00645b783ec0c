import { createAuthClient } from 'better-auth/react';

// The server mounts better-auth at /api/auth on the same origin, which is the client's default base path.
export const authClient = createAuthClient({ baseURL: window.location.origin });
