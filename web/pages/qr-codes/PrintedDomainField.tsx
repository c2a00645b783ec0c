import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../components/form/SelectField.tsx';
import { usePlanFeature } from '../../components/billing/use-plan-feature.ts';
import { trpc } from '../../lib/trpc.ts';

interface PrintedDomainFieldProps {
  /** The domain the QR code is printed with now ('' for the main address). */
  value: string;
  /** A validation id. */
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

/**
 * Which address a QR code encodes and is copied with (customDomain): the main address or one of the
 * account's verified custom domains. Shown when there is a choice: a plan with custom domains and a
 * verified domain, or a code printed with a domain already (kept as it is, even after the domain went).
 */
export function PrintedDomainField({ value, error, registration }: PrintedDomainFieldProps) {
  const { t } = useLingui();
  const customDomain = usePlanFeature('customDomain');
  const domains = trpc.domains.list.useQuery({ owner: 'user' }, { enabled: customDomain.allowed });
  const verified = customDomain.allowed
    ? (domains.data ?? []).filter((item) => item.status === 'verified').map((item) => item.domain)
    : [];
  const kept = value !== '' && !verified.includes(value);
  const mainHost = window.location.host;
  if (verified.length === 0 && !kept) return null;
  return (
    <SelectField
      label={<Trans>Address in the code</Trans>}
      error={error}
      hint={
        <Trans>
          The QR code and its short link use this address. The code also works on the main address.
        </Trans>
      }
      {...registration}
    >
      <option value="">{t`${mainHost} (main address)`}</option>
      {verified.map((domain) => (
        <option key={domain} value={domain}>
          {domain}
        </option>
      ))}
      {kept && <option value={value}>{t`${value} (no longer verified)`}</option>}
    </SelectField>
  );
}
