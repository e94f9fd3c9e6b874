// The table `npm run bench -- --instances N` prints: one line per engine, instance count, key
// setup and mode (rows of scripts/bench-instances.mjs), with throughput ratios taken within the
// run and the I/O per request the instances counted (their /metrics).

const fixed = (digits) => (v) =>
  v === null || v === undefined || Number.isNaN(v) ? '-' : v.toFixed(digits);

/** The columns: header, width, and how a row's cell is written. */
const columns = [
  ['engine', 18, (r) => r.label],
  ['inst', 4, (r) => String(r.instances)],
  ['keys', 7, (r) => r.keysLabel],
  ['mode', 9, (r) => r.mode],
  ['RPS', 7, (r) => fixed(0)(r.rps)],
  ['mean ms', 7, (r) => fixed(1)(r.mean)],
  ['p50 ms', 7, (r) => fixed(1)(r.p50)],
  ['p99 ms', 7, (r) => fixed(1)(r.p99)],
  ['×SQLite', 7, (r) => fixed(2)(r.vsSqlite)],
  ['×1 inst', 7, (r) => fixed(2)(r.vsOne)],
  ['SQL/req', 7, (r) => fixed(1)(r.perRequest.statements)],
  ['DB RT', 6, (r) => fixed(2)(r.perRequest.dbRoundTrips)],
  ['tx/req', 6, (r) => fixed(2)(r.perRequest.transactions)],
  ['DB wait', 7, (r) => fixed(2)(r.perRequest.dbWaitMs)],
  ['pool wt', 7, (r) => fixed(2)(r.perRequest.poolWaitMs)],
  ['Redis RT', 8, (r) => fixed(2)(r.perRequest.redisRoundTrips)],
  ['Redis wt', 8, (r) => fixed(2)(r.perRequest.redisWaitMs)],
  ['CPU ms', 6, (r) => fixed(2)(r.perRequest.cpuMs)],
  ['errors', 6, (r) => String(r.errors)],
  ['edge %', 6, (r) => fixed(0)(r.edge)],
];

/**
 * Adds to each row its throughput against SQLite's (same keys, mode and round; SQLite runs one
 * instance) and against one instance of its own engine (same keys, mode and round), then
 * averages each engine, instance count, key setup and mode over the rounds: the ratios are
 * the mean of each round's ratios.
 */
function withRatios(rows, users) {
  const rpsOf = (engine, instances, keys, mode, round) =>
    rows.find(
      (r) =>
        r.engine === engine &&
        r.instances === instances &&
        r.keys === keys &&
        r.mode === mode &&
        (r.round ?? 0) === (round ?? 0),
    )?.rps;
  const ratio = (x, y) => (x && y ? x / y : null);
  const rated = rows.map((r) => ({
    ...r,
    keysLabel: r.keys === 'hot' ? 'hot' : `${users} keys`,
    vsSqlite:
      r.engine === 'sqlite' ? null : ratio(r.rps, rpsOf('sqlite', 1, r.keys, r.mode, r.round)),
    vsOne: r.instances === 1 ? null : ratio(r.rps, rpsOf(r.engine, 1, r.keys, r.mode, r.round)),
    edge: r.mean && r.load.duration_s ? r.mean / (10 * r.load.duration_s) : null,
  }));
  const groups = new Map();
  for (const r of rated) {
    const key = `${r.engine}|${r.instances}|${r.keys}|${r.mode}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  return [...groups.values()].map(averaged);
}

/** The mean of the rows of one group (numbers, and the numbers of `perRequest`). */
function averaged(group) {
  const mean = (values) => {
    const xs = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
    return xs.length === 0 ? null : xs.reduce((sum, x) => sum + x, 0) / xs.length;
  };
  const first = group[0];
  const numbers = ['rps', 'mean', 'p50', 'p99', 'vsSqlite', 'vsOne', 'edge'];
  const perRequest = Object.fromEntries(
    Object.keys(first.perRequest).map((k) => [k, mean(group.map((r) => r.perRequest[k]))]),
  );
  return {
    ...first,
    ...Object.fromEntries(numbers.map((k) => [k, mean(group.map((r) => r[k]))])),
    errors: group.reduce((sum, r) => sum + r.errors, 0),
    perRequest,
    rounds: group.length,
  };
}

/** Writes the table to `out`. */
export function printTable(rows, { out, title, users }) {
  const line = (cells) =>
    cells.map((cell, i) => (i < 4 ? cell.padEnd(columns[i][1]) : cell.padStart(columns[i][1])));
  const write = (text) => out.write(`${text}\n`);
  write(`\nWhere a request's time goes, per engine (${title})`);
  write(
    "Per request, from the instances' /metrics: SQL statements, database round trips (a " +
      'transaction sent whole counts once), transactions, DB wait (ms, ' +
      'summed over statements), pool wait (ms), Redis round trips and wait (ms), the ' +
      "instances' CPU (ms). ×SQLite: RPS against SQLite's (same keys and mode); ×1 inst: " +
      "against one instance's. edge %: the mean latency as a share of the window, about how " +
      'far the per-request figures may be off (work for requests in flight at its edges).',
  );
  write(line(columns.map(([header]) => header)).join(' '));
  let engine = null;
  for (const row of withRatios(rows, users)) {
    if (engine !== null && row.engine !== engine) write('');
    engine = row.engine;
    write(line(columns.map(([, , cell]) => cell(row))).join(' '));
  }
  if (rows.length === 0) write('(nothing was measured)');
  write('');
}
