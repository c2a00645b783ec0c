import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { BACKGROUND_LAYOUTS, type BackgroundLayout, type BackgroundWidth } from '#src/card-kit.ts';
import { serverPaths } from '#src/routes.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ProgressBar } from '../../components/ui/ProgressBar.tsx';
import { ERROR_REASON_TEXT, NETWORK_ERROR_TEXT } from '../../lib/error-messages.ts';
import { saveFile } from '../../lib/save-file.ts';
import { trpc } from '../../lib/trpc.ts';
import { BACKGROUND_LAYOUT_NAMES, BackgroundSizeSelect } from './BackgroundSection.tsx';
import { downloadTeamBackgrounds, TeamBackgroundsError } from './team-backgrounds.ts';

type Phase =
  | { phase: 'idle' }
  | { phase: 'running'; done: number }
  | { phase: 'finished'; count: number }
  | { phase: 'failed'; message: MessageDescriptor };

/** For a team's owner and admins: every member's meeting background in one ZIP, with how far it has come. */
export function TeamBackgroundsSection() {
  const { t, i18n } = useLingui();
  const members = trpc.cardKit.teamBackgrounds.useQuery();
  const [layout, setLayout] = useState<BackgroundLayout>('panel');
  const [width, setWidth] = useState<BackgroundWidth>(1920);
  const [state, setState] = useState<Phase>({ phase: 'idle' });
  const total = members.data?.count ?? 0;

  async function download() {
    setState({ phase: 'running', done: 0 });
    try {
      const address = `${serverPaths.teamBackgrounds}?layout=${layout}&width=${width}&lang=${i18n.locale}`;
      const zip = await downloadTeamBackgrounds(address, (done) => setState({ phase: 'running', done }));
      saveFile(zip.file, zip.name);
      setState({ phase: 'finished', count: total });
    } catch (error) {
      const reason = error instanceof TeamBackgroundsError ? error.reason : 'network';
      setState({
        phase: 'failed',
        message: reason === 'network' ? NETWORK_ERROR_TEXT : ERROR_REASON_TEXT[reason],
      });
    }
  }

  return (
    <SectionCard
      title={<Trans>The whole team's backgrounds</Trans>}
      description={
        <Trans>
          One ZIP with a background for each member who has a card ({total}), in the team's brand, to hand out
          before a conference or an all-hands.
        </Trans>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap gap-6">
          <div className="space-y-2">
            <label htmlFor="team-background-layout" className="block text-sm font-semibold text-ink">
              <Trans>Layout</Trans>
            </label>
            <select
              id="team-background-layout"
              value={layout}
              onChange={(event) => setLayout(event.target.value as BackgroundLayout)}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink"
            >
              {BACKGROUND_LAYOUTS.map((item) => (
                <option key={item} value={item}>
                  {i18n._(BACKGROUND_LAYOUT_NAMES[item])}
                </option>
              ))}
            </select>
          </div>
          <BackgroundSizeSelect id="team-background-size" value={width} onChange={setWidth} />
        </div>
        <Button
          type="button"
          onClick={() => void download()}
          disabled={state.phase === 'running' || total === 0}
        >
          <Download aria-hidden />
          <Trans>Download every background (ZIP)</Trans>
        </Button>
        {state.phase === 'running' && (
          <div className="space-y-2" role="status">
            <p className="text-sm text-slate-700">
              <Trans>
                {Math.min(state.done, total)} of {total} backgrounds made
              </Trans>
            </p>
            <ProgressBar
              label={t`Backgrounds made`}
              percent={total === 0 ? 0 : Math.round((Math.min(state.done, total) / total) * 100)}
            />
          </div>
        )}
        {state.phase === 'finished' && (
          <p className="text-sm text-slate-700" role="status">
            <Trans>{state.count} backgrounds downloaded.</Trans>
          </p>
        )}
        {state.phase === 'failed' && (
          <p className="text-sm text-red-800" role="alert">
            {i18n._(state.message)}
          </p>
        )}
      </div>
    </SectionCard>
  );
}
