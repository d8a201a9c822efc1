/** "1,234": a count as the progress pages write it. */
export const countText = (value: number) => value.toLocaleString("en-US");

/**
 * A background job's progress (a lead import, a do-not-call file): the bar, named for the screen
 * reader, and the same figures in words, announced as they change. `unit` is what is counted
 * ("rows", "numbers"); `following` is the sentence while the job runs.
 */
export function ProgressBar({
  label,
  unit,
  processed,
  total,
  following,
}: {
  label: string;
  unit: string;
  processed: number;
  total: number;
  following: string | null;
}) {
  const percent = total === 0 ? 0 : Math.round((processed / total) * 100);
  return (
    <>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={processed}
        aria-valuetext={`${countText(processed)} of ${countText(total)} ${unit}`}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {countText(processed)} of {countText(total)} {unit} processed ({percent}%)
        {following ? `. ${following}.` : "."}
      </p>
    </>
  );
}
