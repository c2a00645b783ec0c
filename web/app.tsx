import { RouterProvider } from 'react-router';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Toaster } from './components/ui/Toaster.tsx';
import { router } from './routes.tsx';

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
      <Toaster />
    </I18nProvider>
  );
}
