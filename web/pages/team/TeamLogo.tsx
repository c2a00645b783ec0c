import { Trans, useLingui } from '@lingui/react/macro';
import { PhotoInput } from '../../components/photo/PhotoInput.tsx';
import { trpc } from '../../lib/trpc.ts';
import type { Team } from './types.ts';
import { useTeamAction } from './use-team-action.ts';

/** The team's logo as everyone in the team sees it on this page; nothing without one. */
export function TeamLogoImage({ team }: { team: Team }) {
  const { t } = useLingui();
  const teamName = team.name;
  if (!team.logo) return null;
  return (
    <img
      src={team.logo}
      alt={t`Logo of ${teamName}`}
      className="size-20 shrink-0 rounded-lg border border-slate-200 bg-white object-contain p-1"
    />
  );
}

/**
 * The owner and admins upload the team's logo (a graphic: its transparency is kept), stored as the team's
 * own photo (`?team=1`), and saved at once; or remove it.
 */
export function TeamLogoInput({ team }: { team: Team }) {
  const { t } = useLingui();
  const act = useTeamAction();
  const setLogo = trpc.teams.setLogo.useMutation();
  const save = (logo: string | null) =>
    act({
      run: () => setLogo.mutateAsync({ logo }),
      failureTitle: t`The logo was not saved`,
      success: logo ? { title: t`Logo saved` } : { title: t`Logo removed` },
    });
  return (
    <PhotoInput
      kind="graphic"
      preview="logo"
      uploadFor={{ team: true }}
      label={<Trans>Team logo</Trans>}
      hint={<Trans>Shown on the team page to everyone in the team. A PNG keeps its transparency.</Trans>}
      value={team.logo}
      onChange={(logo) => void save(logo)}
      disabled={setLogo.isPending}
    />
  );
}
