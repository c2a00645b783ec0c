import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { trpc } from '../../lib/trpc.ts';
import type { Team } from './types.ts';
import { useTeamAction } from './use-team-action.ts';

/**
 * The owner's and admins' Address in the code for every team card (teams.setPrintedDomain): the main
 * address or one of the team's verified custom domains, saved as soon as it is chosen. Shown when there is a
 * choice: a verified team domain, or codes printed with a domain already (kept, even after it went).
 */
export function TeamPrintedDomain({ team }: { team: Team }) {
  const { t } = useLingui();
  const selectId = useId();
  const hintId = useId();
  const act = useTeamAction();
  const save = trpc.teams.setPrintedDomain.useMutation();
  const [pending, setPending] = useState(false);
  const domains = trpc.domains.list.useQuery({ owner: 'team' });
  const verified = (domains.data ?? [])
    .filter((item) => item.status === 'verified')
    .map((item) => item.domain);
  const value = team.printedDomain ?? '';
  const kept = value !== '' && !verified.includes(value);
  if (verified.length === 0 && !kept) return null;
  const mainHost = window.location.host;

  async function change(domain: string) {
    setPending(true);
    const shown = domain || mainHost;
    await act({
      run: () => save.mutateAsync({ domain }),
      failureTitle: t`The address in the QR codes was not changed`,
      success: {
        title: t`Address in the QR codes changed`,
        description: t`Every team card's QR code now encodes ${shown}. Codes printed before keep working.`,
      },
    });
    setPending(false);
  }

  return (
    <div className="space-y-2">
      <label htmlFor={selectId} className="block text-sm font-medium text-ink">
        <Trans>Address in the code</Trans>
      </label>
      <select
        id={selectId}
        aria-describedby={hintId}
        value={value}
        disabled={pending}
        onChange={(event) => void change(event.target.value)}
        className="min-h-11 w-full max-w-md rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink disabled:opacity-50"
      >
        <option value="">{t`${mainHost} (main address)`}</option>
        {verified.map((domain) => (
          <option key={domain} value={domain}>
            {domain}
          </option>
        ))}
        {kept && <option value={value}>{t`${value} (no longer verified)`}</option>}
      </select>
      <p id={hintId} className="text-sm text-slate-700">
        <Trans>
          Every team card's QR code and short link use this address, new cards too. Codes printed before keep
          working at both addresses.
        </Trans>
      </p>
    </div>
  );
}
