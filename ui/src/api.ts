/**
 * HTTP access for the pages: JSON GETs with a clear error for non-2xx answers, and `usePoll`,
 * which re-fetches a resource at a fixed rate while the tab is visible and keeps the last good
 * answer on screen when one poll fails (so a restarting server doesn't blank the page).
 */
import { useEffect, useRef, useState } from 'preact/hooks';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, `${path}: HTTP ${response.status}${text ? ` — ${text.slice(0, 200)}` : ''}`);
  }
  return (await response.json()) as T;
}

export interface Polled<T> {
  readonly data: T | undefined;
  readonly error: Error | undefined;
  /** When `data` last arrived (epoch ms). */
  readonly updatedAt: number | undefined;
}

/**
 * Polls `path` every `intervalMs` (no overlapping requests); `undefined` stops polling, and
 * `stopWhen` ends it once an answer is final (a finished query's record doesn't change).
 */
export function usePoll<T>(path: string | undefined, intervalMs: number, stopWhen?: (data: T) => boolean): Polled<T> {
  const [state, setState] = useState<Polled<T>>({ data: undefined, error: undefined, updatedAt: undefined });
  const stop = useRef(stopWhen);
  stop.current = stopWhen;
  useEffect(() => {
    if (path === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const controller = new AbortController();
    const tick = async () => {
      let done = false;
      if (!document.hidden) {
        try {
          const data = await getJson<T>(path, controller.signal);
          if (!alive) return;
          setState({ data, error: undefined, updatedAt: Date.now() });
          done = stop.current?.(data) ?? false;
        } catch (error) {
          if (!alive) return;
          setState((previous) => ({ ...previous, error: error as Error }));
        }
      }
      if (alive && !done) timer = setTimeout(tick, intervalMs);
    };
    void tick();
    return () => {
      alive = false;
      controller.abort();
      clearTimeout(timer);
    };
  }, [path, intervalMs]);
  return state;
}
