/**
 * Command-line options of the benchmarks (`--runs 3`, `--sf 1`): one reader for every bench, so
 * they all take the same spellings and reject the same mistakes.
 */

/** The value after `name`, or `fallback` when the option is absent. */
export function stringOption(args: readonly string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  return (at >= 0 ? args[at + 1] : undefined) ?? fallback;
}

/** A positive number after `name`, or `fallback` when the option is absent. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
}

/** The TPC-H queries named on the command line (`q01 q17`), or all 22 when none is named. */
export function tpchQueryNames(args: readonly string[]): string[] {
  const named = args.filter((a) => /^q\d\d$/.test(a));
  return named.length > 0 ? named : Array.from({ length: 22 }, (_, i) => `q${String(i + 1).padStart(2, '0')}`);
}
