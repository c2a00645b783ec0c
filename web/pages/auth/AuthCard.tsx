import type { ReactNode } from 'react';
import { PageHeading } from '../../components/PageHeading.tsx';

/** The white panel of the sign-in, sign-up and onboarding screens: heading, then the form. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <PageHeading title={title} description={description} />
      {children}
    </section>
  );
}
