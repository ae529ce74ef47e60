/** The top-level fields of a task record (spec §2.3), which every task record must have. */
export const TASK_RECORD_FIELDS = [
  'taskId',
  'version',
  'state',
  'self',
  'lastHeartbeat',
  'outputBuffers',
  'noMoreSplits',
  'stats',
  'failures',
  'outputs',
] as const;
