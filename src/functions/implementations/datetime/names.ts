/** English month and weekday names, as Joda-Time's English locale prints them. */

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const MONTH_SHORT_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));
/** Index 0 is Monday (ISO day 1). */
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const DAY_SHORT_NAMES = DAY_NAMES.map((name) => name.slice(0, 3));

/** The index in `names` of the name `text` starts with at `position` (case-insensitive), longest first. */
export function matchName(
  text: string,
  position: number,
  names: readonly string[],
): { index: number; length: number } | undefined {
  let best: { index: number; length: number } | undefined;
  const rest = text.slice(position).toLowerCase();
  names.forEach((name, index) => {
    if (rest.startsWith(name.toLowerCase()) && (best === undefined || name.length > best.length)) {
      best = { index, length: name.length };
    }
  });
  return best;
}
