/**
 * Where a file reader adds the time it spends decoding (parsing text, converting decoded values).
 * The readers are asynchronous: their work runs between reads, while the engine's scan waits on
 * the page source, outside any operator call the driver times; the page source reports the sum
 * (`ConnectorPageSource.readTimeNanos`) so that the scan's CPU time includes it.
 */
export interface ReadTiming {
  /** Nanoseconds, cumulative. */
  nanos: number;
}
