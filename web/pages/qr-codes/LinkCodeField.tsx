import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { shortLinkUrl } from '#src/schemas/link.ts';
import { ADDRESS_HOLD_DAYS, HELD_LINK_CODES_MAX, LINK_CODE_CHANGES_PER_DAY } from '#src/username.ts';
import { TextField } from '../../components/form/TextField.tsx';

interface LinkCodeFieldProps {
  label: ReactNode;
  required: boolean;
  /** The origin of the short link in its hint: the main address, or the domain the code is printed with. */
  origin: string;
  /** What the field holds now, for the short link in its hint. */
  value: string;
  /** A validation id. */
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

/**
 * A chosen short-link code (customLinks), with the short link it makes and the bounds on holding codes
 * (src/username.ts) as its hint. Chosen codes are kept in lowercase and found in any case.
 */
export function LinkCodeField({ label, required, origin, value, error, registration }: LinkCodeFieldProps) {
  const shortLink = shortLinkUrl(origin, value.trim().toLowerCase() || '…');
  return (
    <TextField
      label={label}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      required={required}
      hint={
        <>
          <Trans>
            Letters, numbers and hyphens; it works in capitals too. Your short link:{' '}
            <span className="break-all">{shortLink}</span>
          </Trans>
          {/* the bounds on holding codes, on a line of their own */}
          <span className="mt-1 block">
            <Trans>
              You can choose {LINK_CODE_CHANGES_PER_DAY} new codes in 24 hours, and your links hold up to{' '}
              {HELD_LINK_CODES_MAX}. The codes of a deleted link stay reserved for you for {ADDRESS_HOLD_DAYS}{' '}
              days.
            </Trans>
          </span>
        </>
      }
      error={error}
      {...registration}
    />
  );
}
