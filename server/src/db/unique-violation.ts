/** Whether a driver error is a unique-constraint violation, on any of the three engines. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; errno?: unknown };
  return (
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e.code === '23505' ||
    e.code === 'ER_DUP_ENTRY' ||
    e.errno === 1062
  );
}
