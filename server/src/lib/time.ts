/** Current Unix time in seconds. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The calendar date of a moment in the server's time zone, as `YYYY-MM-DD`. */
export function localDate(at: Date = new Date()): string {
  const month = String(at.getMonth() + 1).padStart(2, '0');
  const day = String(at.getDate()).padStart(2, '0');
  return `${at.getFullYear()}-${month}-${day}`;
}
