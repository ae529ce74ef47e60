/**
 * The distributed memory limit of a query on the workers (`query_max_memory`): the tasks' last
 * reported reservations summed, and past the limit Presto's EXCEEDED_MEMORY_LIMIT naming the
 * operators that hold the most. Each node also enforces its own share at once (sql-task.ts).
 */
import { VivaceError } from '../../common/vivace-error.js';
import { formatDataSize, parseDataSize } from '../protocol/airlift-format.js';

/** The parts of a task record the distributed memory limit reads. */
interface TaskMemoryJson {
  readonly taskStatus?: { readonly memoryReservation?: string };
  /** Bytes per operator kind, from the task's last status (fresher than the record's statistics). */
  readonly operatorMemory?: Readonly<Record<string, number>>;
  readonly stats?: {
    readonly pipelines?: readonly {
      readonly operatorSummaries?: readonly { readonly operatorType: string; readonly memoryReservation?: string }[];
    }[];
  };
}

/**
 * EXCEEDED_MEMORY_LIMIT when the tasks of a query, as last reported, hold more than its
 * distributed limit together, naming the operators that hold the most.
 */
export function distributedMemoryFailure(
  limitBytes: number,
  taskInfos: readonly (Record<string, unknown> | undefined)[],
): VivaceError | undefined {
  // Every status of every task checks this: the sum comes first, the operators (the costly part
  // of a task record) are read only for the message of a query that is over.
  let total = 0;
  const infos = taskInfos as readonly (TaskMemoryJson | undefined)[];
  for (const info of infos) total += dataSize(info?.taskStatus?.memoryReservation);
  if (total <= limitBytes) return undefined;
  const byOperator = new Map<string, number>();
  for (const info of infos) {
    if (info?.operatorMemory !== undefined) {
      for (const [operator, bytes] of Object.entries(info.operatorMemory)) {
        if (bytes > 0) byOperator.set(operator, (byOperator.get(operator) ?? 0) + bytes);
      }
      continue;
    }
    for (const pipeline of info?.stats?.pipelines ?? []) {
      for (const operator of pipeline.operatorSummaries ?? []) {
        const bytes = dataSize(operator.memoryReservation);
        if (bytes > 0) byOperator.set(operator.operatorType, (byOperator.get(operator.operatorType) ?? 0) + bytes);
      }
    }
  }
  const top = [...byOperator]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([operator, bytes]) => `${operator}=${formatDataSize(bytes)}`)
    .join(', ');
  return new VivaceError(
    'EXCEEDED_MEMORY_LIMIT',
    `Query exceeded distributed user memory limit of ${formatDataSize(limitBytes)} ` +
      `[Allocated: ${formatDataSize(total)}, Top Consumers: {${top}}]`,
  );
}

/** Bytes of a reported data size; 0 when absent or unreadable (an older worker). */
function dataSize(text: string | undefined): number {
  if (text === undefined) return 0;
  try {
    return parseDataSize(text);
  } catch {
    return 0;
  }
}
