/** A query's progress: a filled bar when the percentage is known, a moving stripe while running without one. */
export interface ProgressBarProps {
  readonly state: string;
  readonly progress: number | undefined;
}

export function ProgressBar({ state, progress }: ProgressBarProps) {
  const failed = state === 'FAILED';
  const known = progress !== undefined || failed;
  const percent = failed ? 100 : Math.max(0, Math.min(100, progress ?? 0));
  return (
    <div
      class={`progress progress-${state.toLowerCase()}${known ? '' : ' progress-indeterminate'}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={known ? Math.round(percent) : undefined}
      aria-label={`${state}${known && !failed ? ` ${Math.round(percent)}%` : ''}`}
    >
      <div class="progress-fill" style={{ width: known ? `${percent}%` : '35%' }} />
      <span class="progress-label">{state}</span>
    </div>
  );
}
