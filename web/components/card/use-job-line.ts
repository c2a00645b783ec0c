import { useLingui } from '@lingui/react/macro';

type Text = string | null | undefined;

/**
 * Who the person is at work ('position, department at company', as the public page has it): the parts
 * there are, joined, or nothing.
 */
export function useJobLine(position: Text, company: Text, department: Text = null): string {
  const { t } = useLingui();
  const role = [position?.trim(), department?.trim()].filter(Boolean).join(', ');
  const organisation = company?.trim() ?? '';
  if (role && organisation) return t`${role} at ${organisation}`;
  return role || organisation;
}
