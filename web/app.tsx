import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from './components/ui/Toaster.tsx';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc.ts';
import { router } from './routes.tsx';

export function App() {
  // Created once per mounted app, not per render.
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <I18nProvider i18n={i18n}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toaster />
        </QueryClientProvider>
      </trpc.Provider>
    </I18nProvider>
  );
}
