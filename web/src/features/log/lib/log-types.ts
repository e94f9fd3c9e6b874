/** Log type ids with their tag colours (1 top-up … 6 refund). */
export const logTypes: ReadonlyArray<{ id: number; color: string }> = [
  { id: 1, color: 'cyan' },
  { id: 2, color: 'green' },
  { id: 3, color: 'orange' },
  { id: 4, color: 'purple' },
  { id: 5, color: 'red' },
  { id: 6, color: 'blue' },
];

/** The tag colour of a log type. */
export const logTypeColor = (type: number) =>
  logTypes.find((l) => l.id === type)?.color ?? 'default';
