import { useLingui } from '@lingui/react/macro';

/** Who the person is at work ('position at company'): both parts joined, either one alone, or nothing. */
export function useJobLine(position: string | null | undefined, company: string | null | undefined): string {
  const { t } = useLingui();
  const role = position?.trim() ?? '';
  const organisation = company?.trim() ?? '';
  if (role && organisation) return t`${role} at ${organisation}`;
  return role || organisation;
}
