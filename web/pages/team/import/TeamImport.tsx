import { useEffect, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download, FileSpreadsheet, Loader2, Upload } from 'lucide-react';
import type { TeamImportCheck, TeamImportRowView } from '#server/teams/import.ts';
import {
  emptyTeamImportCounts,
  TEAM_IMPORT_HEADERS,
  TEAM_IMPORT_MAX_BYTES,
  TEAM_IMPORT_MAX_MB,
  TEAM_IMPORT_MAX_ROWS,
  TEAM_IMPORT_REQUIRED_COLUMNS,
  teamImportTemplate,
  type TeamImportCounts,
} from '#src/team-import.ts';
import { Notice } from '../../../components/Notice.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { UserText } from '../../../components/UserText.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  ERROR_REASON_TEXT,
  NETWORK_ERROR_TEXT,
  VALIDATION_MESSAGE_TEXT,
} from '../../../lib/error-messages.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { saveTextFile } from '../../../lib/save-file.ts';
import { checkImport, ImportRequestError, runImport } from './import-client.ts';
import { fileProblemText, TEMPLATE_FILE_NAME } from './import-texts.ts';
import { ImportRows } from './ImportRows.tsx';

type CheckedFile = TeamImportCheck & { ok: true };

/** Where the import stands. */
type Stage =
  | { step: 'choose' }
  | { step: 'checking'; file: File }
  | { step: 'preview'; file: File; check: CheckedFile }
  | { step: 'importing'; file: File; total: number; rows: TeamImportRowView[] }
  | {
      step: 'done';
      rows: TeamImportRowView[];
      counts: TeamImportCounts;
      result: { csv: string; fileName: string } | null;
    };

/** Why a file or a request was refused, to show above the file picker or the plan. */
interface Refusal {
  title: MessageDescriptor;
  text: string;
}

const TEAM_CHANGED = msg`The team changed since this check (someone joined, was invited or was changed). Here is what the import will do now.`;

/** The text of a refused request. */
function requestFailureText(error: unknown): MessageDescriptor {
  if (!(error instanceof ImportRequestError) || error.reason === 'network') return NETWORK_ERROR_TEXT;
  if (error.reason === 'payload_too_large')
    return VALIDATION_MESSAGE_TEXT['validation.team_import.file_too_large'];
  return ERROR_REASON_TEXT[error.reason];
}

/** The file picker: a button, and a zone a file can be dropped on. */
function FilePicker({ onFile }: { onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  return (
    <div
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        // moving over a child element is not leaving the zone
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors',
        dragging ? 'border-brand bg-brand-soft' : 'border-slate-300',
      )}
    >
      <Upload aria-hidden className="size-6 text-slate-500" />
      <p className="text-sm text-slate-700">
        {dragging ? <Trans>Drop the file here</Trans> : <Trans>Drag a CSV file here, or</Trans>}
      </p>
      <Button variant="secondary" onClick={() => input.current?.click()}>
        <FileSpreadsheet aria-hidden />
        <Trans>Choose a CSV file</Trans>
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // the same file can be chosen again after a fix
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}

/** The counts of a plan or a result, one line. */
function Counts({ counts, phase }: { counts: TeamImportCounts; phase: 'planned' | 'done' }) {
  const { invited, updated, unchanged, error } = counts;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium text-ink">
      <li>{phase === 'planned' ? <Trans>{invited} to invite</Trans> : <Trans>{invited} invited</Trans>}</li>
      <li>{phase === 'planned' ? <Trans>{updated} to update</Trans> : <Trans>{updated} updated</Trans>}</li>
      <li>
        <Trans>{unchanged} unchanged</Trans>
      </li>
      <li className={cn(error > 0 && 'text-red-800')}>
        <Trans>{error} not imported</Trans>
      </li>
    </ul>
  );
}

/**
 * "Import from a spreadsheet" on the team page, for its owner and admins: a CSV (the template's columns,
 * in English or Spanish) is checked first, a dry run that writes nothing and shows per row what will
 * happen; then "Import N people" writes it row by row with a progress bar and each row's result, and the
 * result file can be downloaded.
 */
export function TeamImport() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const utils = trpc.useUtils();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  useLeaveGuard(stage.step === 'importing');
  // the button that moved the import on is gone: focus goes to what took its place
  const stageStart = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) stageStart.current?.focus();
    moved.current = true;
  }, [stage.step]);

  const check = async (file: File, notice: Refusal | null = null) => {
    setRefusal(notice);
    if (file.size > TEAM_IMPORT_MAX_BYTES) {
      setStage({ step: 'choose' });
      setRefusal({
        title: msg`This file cannot be imported`,
        text: i18n._(VALIDATION_MESSAGE_TEXT['validation.team_import.file_too_large']),
      });
      return;
    }
    setStage({ step: 'checking', file });
    try {
      const checked = await checkImport(file);
      if (!checked.ok) {
        setStage({ step: 'choose' });
        setRefusal({
          title: msg`This file cannot be imported`,
          text: fileProblemText(i18n, locale, checked.problem),
        });
        return;
      }
      setStage({ step: 'preview', file, check: checked });
    } catch (error) {
      setStage({ step: 'choose' });
      setRefusal({ title: msg`The file was not checked`, text: i18n._(requestFailureText(error)) });
    }
  };

  const start = async (file: File, checked: CheckedFile) => {
    setRefusal(null);
    const rows: TeamImportRowView[] = [];
    setStage({ step: 'importing', file, total: checked.rows.length, rows });
    let counts = emptyTeamImportCounts();
    let result: { csv: string; fileName: string } | null = null;
    try {
      await runImport(file, checked.plan, (event) => {
        if (event.type === 'row') {
          rows.push(event.row);
          counts[event.row.outcome] += 1;
          setStage({ step: 'importing', file, total: checked.rows.length, rows: [...rows] });
        } else if (event.type === 'done') {
          counts = event.counts;
          result = { csv: event.csv, fileName: event.fileName };
        } else if (event.type === 'stopped') {
          throw new ImportRequestError('internal');
        }
      });
    } catch (error) {
      if (error instanceof ImportRequestError && error.reason === 'edit_conflict') {
        // nothing was written: the plan is made again from the team as it is now
        await check(file, { title: msg`Check the plan again`, text: i18n._(TEAM_CHANGED) });
        return;
      }
      if (rows.length === 0) {
        setStage({ step: 'preview', file, check: checked });
        setRefusal({ title: msg`The import did not start`, text: i18n._(requestFailureText(error)) });
        return;
      }
      setRefusal({
        title: msg`The import stopped before its end`,
        text: t`The rows below were saved. Check the file again to import the rest.`,
      });
    } finally {
      // the team's members, invitations, cards and log changed
      void utils.teams.invalidate();
    }
    setStage({ step: 'done', rows, counts, result });
  };

  const downloadTemplate = () => saveTextFile(teamImportTemplate(locale), TEMPLATE_FILE_NAME[locale]);
  const required = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    TEAM_IMPORT_REQUIRED_COLUMNS.map((column) => TEAM_IMPORT_HEADERS[locale][column]),
  );

  const maxMb = TEAM_IMPORT_MAX_MB;
  const maxRows = TEAM_IMPORT_MAX_ROWS;

  return (
    <SectionCard
      title={<Trans>Import from a spreadsheet</Trans>}
      description={
        <Trans>
          Invite many people at once and fill in their team cards from a CSV file. You see what will happen to
          each row before anything is saved.
        </Trans>
      }
    >
      <div ref={stageStart} tabIndex={-1} className="space-y-5 outline-none">
        {refusal && (
          <Notice title={i18n._(refusal.title)}>
            <p>{refusal.text}</p>
          </Notice>
        )}

        {stage.step === 'choose' && (
          <div className="space-y-4">
            <div className="space-y-2 text-sm text-slate-700">
              <p>
                <Trans>
                  Use the template's columns: {required} are needed; position, department, phones and role
                  (member or admin, blank for member) are optional. Save it as CSV (UTF-8 or your
                  spreadsheet's plain CSV), at most {maxMb} MB and {maxRows} rows.
                </Trans>{' '}
                <Trans>
                  A name split in two columns, as “First name” and “Last name”, is read too: the card's name
                  joins them, and the contact keeps them apart.
                </Trans>
              </p>
              <Button variant="ghost" size="sm" onClick={downloadTemplate}>
                <Download aria-hidden />
                <Trans>Download the template (CSV)</Trans>
              </Button>
            </div>
            <FilePicker onFile={(file) => void check(file)} />
          </div>
        )}

        {stage.step === 'checking' && <Checking name={stage.file.name} />}

        {stage.step === 'preview' && (
          <Preview
            file={stage.file}
            check={stage.check}
            onImport={start}
            onCancel={() => {
              setRefusal(null);
              setStage({ step: 'choose' });
            }}
          />
        )}

        {stage.step === 'importing' && <Progress total={stage.total} rows={stage.rows} />}

        {stage.step === 'done' && (
          <div className="space-y-4">
            <Notice tone="success" title={<Trans>Import finished</Trans>}>
              <Counts counts={stage.counts} phase="done" />
            </Notice>
            <div className="flex flex-col gap-2 sm:flex-row">
              {stage.result && (
                <Button onClick={() => stage.result && saveTextFile(stage.result.csv, stage.result.fileName)}>
                  <Download aria-hidden />
                  <Trans>Download results (CSV)</Trans>
                </Button>
              )}
              <Button
                variant="secondary"
                onClick={() => {
                  setRefusal(null);
                  setStage({ step: 'choose' });
                }}
              >
                <Trans>Import another file</Trans>
              </Button>
            </div>
            <ImportRows rows={stage.rows} phase="done" />
          </div>
        )}
      </div>
    </SectionCard>
  );
}

function Checking({ name }: { name: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-ink">
      <Loader2 aria-hidden className="size-4 motion-safe:animate-spin" />
      <Trans>
        Checking <UserText>{name}</UserText>...
      </Trans>
    </p>
  );
}

/** The dry run's plan: its counts, the columns not read, the rows, and the way on. */
function Preview({
  file,
  check,
  onImport,
  onCancel,
}: {
  file: File;
  check: CheckedFile;
  onImport: (file: File, check: CheckedFile) => Promise<void>;
  onCancel: () => void;
}) {
  const writes = check.counts.invited + check.counts.updated;
  const errors = check.counts.error;
  const ignored = check.ignoredHeaders.join(', ');
  const name = file.name;
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <p className="text-sm text-slate-700">
          <Trans>
            Checked <UserText>{name}</UserText>: nothing is saved until you import it.
          </Trans>
        </p>
        <Counts counts={check.counts} phase="planned" />
        {ignored && (
          <p className="text-sm text-slate-700">
            <Trans>
              These columns are not imported: <UserText>{ignored}</UserText>
            </Trans>
          </p>
        )}
        {errors > 0 && (
          <p className="text-sm text-slate-700">
            <Trans>
              Rows that are not imported are skipped. Fix them in your file and check it again, or import the
              others now.
            </Trans>
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button disabled={writes === 0} onClick={() => void onImport(file, check)}>
          {writes === 0 ? (
            <Trans>Nothing to import</Trans>
          ) : (
            <Plural value={writes} one="Import # person" other="Import # people" />
          )}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Choose another file</Trans>
        </Button>
      </div>
      <ImportRows rows={check.rows} phase="planned" />
    </div>
  );
}

/** The import under way: how far it is, and each row's result as it comes. */
function Progress({ total, rows }: { total: number; rows: readonly TeamImportRowView[] }) {
  const { t } = useLingui();
  const done = rows.length;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <p className="flex items-center gap-2 text-sm font-medium text-ink">
          <Loader2 aria-hidden className="size-4 motion-safe:animate-spin" />
          <Trans>
            Importing: {done} of {total} rows
          </Trans>
        </p>
        <div
          role="progressbar"
          aria-label={t`Import progress`}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm text-slate-700">
          <Trans>Keep this page open until the import has finished.</Trans>
        </p>
      </div>
      <ImportRows rows={rows} phase="done" />
    </div>
  );
}
