import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, Download } from 'lucide-react';
import { Notice } from '../../components/Notice.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { saveTextFile } from '../../lib/save-file.ts';
import { useCopyToClipboard } from '../../lib/use-copy-to-clipboard.ts';
import { StepHeading } from './StepHeading.tsx';

const DOWNLOAD_NAME = 'tapcard-backup-codes.txt';

/** The backup codes, shown once right after they were made, with copy, download and a clear warning. */
export function BackupCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useLingui();
  const text = `${t`Tapcard backup codes: each one signs you in once.`}\n\n${codes.join('\n')}\n`;

  // without the clipboard, the list is selected for the person to copy
  const { copy, fallbackRef } = useCopyToClipboard<HTMLUListElement>();
  const copyToasts = {
    copied: { title: t`Backup codes copied` },
    failed: {
      variant: 'destructive',
      title: t`Could not copy`,
      description: t`Select the codes and copy them, or download them instead.`,
    },
  } as const;

  return (
    <div className="space-y-4">
      <StepHeading>
        <Trans>Your backup codes</Trans>
      </StepHeading>
      <Notice title={<Trans>Store them safely: they are shown only this once</Trans>}>
        <p>
          <Trans>
            If you lose your phone, each code lets you sign in once instead of an authenticator code. Keep
            them somewhere safe, such as a password manager.
          </Trans>
        </p>
      </Notice>
      <ul
        ref={fallbackRef}
        aria-label={t`Backup codes`}
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm text-ink sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy(codes.join('\n'), copyToasts)}>
          <Copy aria-hidden />
          <Trans>Copy codes</Trans>
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveTextFile(text, DOWNLOAD_NAME, 'text/plain;charset=utf-8')}
        >
          <Download aria-hidden />
          <Trans>Download</Trans>
        </Button>
        <Button onClick={onDone}>
          <Trans>I have stored them</Trans>
        </Button>
      </div>
    </div>
  );
}
