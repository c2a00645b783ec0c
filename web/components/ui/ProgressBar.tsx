/**
 * How far a transfer has come, 0 to 100: a bar that fills, announced as a progressbar with its percent.
 * For a wait of unknown length (no percent) the screen shows its own pulsing bar instead.
 */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
