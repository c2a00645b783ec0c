import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { followConnection } from '../lib/connection.ts';
import { createQueryClient, createTrpcClient, trpc } from '../lib/trpc.ts';
import { LeaveGuard } from './LeaveGuard.tsx';

/**
 * The tRPC client and its query cache, for the screens that talk to the API (sign-in, onboarding, the
 * dashboard): a layout route loaded with them, so the landing and legal pages ship without tRPC and
 * TanStack Query. Its screens share one leave guard (forms with unsaved changes ask before the page is
 * left), and their lists load again by themselves once a lost connection is back.
 */
export function ApiProviders() {
  // created once per mounted layout, not per render
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  useEffect(() => followConnection(queryClient), [queryClient]);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Outlet />
        <LeaveGuard />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
