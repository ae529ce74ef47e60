/**
 * Waits for `event` or `ms` milliseconds, whichever comes first, and clears the timer either way:
 * the shape of every long-poll (a task's status, a results request, a statement's first answer,
 * a query waiting for its tasks' last status). The event's value and failure are not observed.
 */
export async function waitAtMost(event: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    event.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
