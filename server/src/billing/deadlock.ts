/** Whether a transaction lost a deadlock or a serialization conflict (safe to run again). */
export function isDeadlock(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown };
  return e.code === '40P01' || e.code === '40001' || e.errno === 1213 || e.code === 'SQLITE_BUSY';
}
