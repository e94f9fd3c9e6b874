/** What happened (or, in a dry run, would happen) to one kind of record. */
export interface KindReport {
  /** Records in the source. */
  found: number;
  /** Imported by this run (in a dry run: that would be). */
  imported: number;
  /** Imported by an earlier run, left as they are. */
  already: number;
  /** Left out, with why (the source's id or key first). */
  skipped: string[];
  /** Imported with a change worth knowing (a role lowered, a channel disabled ...). */
  notes: string[];
}

/** The whole import's report, printed by `npm run import`. */
export interface ImportReport {
  source: string;
  flavor: string;
  dryRun: boolean;
  users: KindReport;
  tokens: KindReport;
  channels: KindReport;
  redemptions: KindReport;
  topUps: KindReport;
  options: KindReport;
  logs: KindReport;
  /** Quota credited through the ledger: user balances, invitation balances, key quotas. */
  credited: { user: number; aff: number; token: number };
}

export const emptyKind = (): KindReport => ({
  found: 0,
  imported: 0,
  already: 0,
  skipped: [],
  notes: [],
});

/** Counts a source record; true when an earlier run imported it (counted as such). */
export function seenBefore(kind: KindReport, done: ReadonlyMap<string, number>, id: string) {
  kind.found++;
  if (!done.has(id)) return false;
  kind.already++;
  return true;
}

const labels: Array<[keyof ImportReport, string]> = [
  ['users', 'Users'],
  ['tokens', 'Keys'],
  ['channels', 'Channels'],
  ['redemptions', 'Redemption codes'],
  ['topUps', 'Top-ups'],
  ['options', 'Options'],
  ['logs', 'Logs'],
];

/** Lines shown for each kind's skipped records and notes before "and N more". */
const shown = 20;

function listed(title: string, items: string[]): string[] {
  if (items.length === 0) return [];
  const more = items.length > shown ? [`      … and ${items.length - shown} more`] : [];
  return [`    ${title}:`, ...items.slice(0, shown).map((item) => `      ${item}`), ...more];
}

/** The report as text for the terminal. */
export function formatReport(report: ImportReport): string {
  const verb = report.dryRun ? 'would import' : 'imported';
  const lines = [
    `${report.dryRun ? 'Dry run: nothing was written.' : 'Import finished.'}`,
    `Source: ${report.source} (${report.flavor})`,
    '',
  ];
  for (const [key, label] of labels) {
    const kind = report[key] as KindReport;
    lines.push(
      `  ${label}: ${kind.found} in the source, ${verb} ${kind.imported}, ` +
        `already imported ${kind.already}, skipped ${kind.skipped.length}`,
      ...listed('skipped', kind.skipped),
      ...listed('notes', kind.notes),
    );
  }
  const { user, aff, token } = report.credited;
  lines.push(
    '',
    `  Balances ${report.dryRun ? 'to credit' : 'credited'} through the ledger: users ${user}, ` +
      `invitation balances ${aff}, keys ${token} (quota units).`,
  );
  return lines.join('\n');
}
