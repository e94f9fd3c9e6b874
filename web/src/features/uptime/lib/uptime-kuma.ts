/** The two Uptime Kuma status-page API addresses behind a configured URL. */
export interface KumaEndpoints {
  /** `/api/status-page/{slug}`: the groups and their monitors. */
  page: string;
  /** `/api/status-page/heartbeat/{slug}`: recent beats and uptime ratios. */
  heartbeat: string;
}

/**
 * Reads the configured address: a status page (`…/status/{slug}`) or either API address.
 * Null when no slug can be found.
 */
export function kumaEndpoints(url: string): KumaEndpoints | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const match = /\/(?:api\/status-page\/heartbeat|api\/status-page|status)\/([^/?#]+)/.exec(
    parsed.pathname,
  );
  if (!match) return null;
  const prefix = parsed.pathname.slice(0, match.index);
  const root = `${parsed.origin}${prefix}`;
  return {
    page: `${root}/api/status-page/${match[1]}`,
    heartbeat: `${root}/api/status-page/heartbeat/${match[1]}`,
  };
}

/** Monitor state by Uptime Kuma's heartbeat status (0 down, 1 up, 2 pending, 3 maintenance). */
export type MonitorState = 'down' | 'up' | 'pending' | 'maintenance' | 'unknown';

/** One monitor as shown. */
export interface MonitorView {
  id: number;
  name: string;
  state: MonitorState;
  /** 24-hour uptime, 0..1, when reported. */
  uptime?: number;
  /** Last response time in ms. */
  ping?: number;
  /** Newest beats, oldest first (at most 40). */
  beats: MonitorState[];
  message?: string;
}

/** One group of monitors. */
export interface MonitorGroup {
  name: string;
  monitors: MonitorView[];
}

const states: MonitorState[] = ['down', 'up', 'pending', 'maintenance'];
const stateOf = (status: unknown): MonitorState =>
  typeof status === 'number' && states[status] ? states[status] : 'unknown';

interface Beat {
  status?: number;
  ping?: number | null;
  msg?: string;
}

/** Joins the status-page and heartbeat answers into groups of monitors. */
export function summarizeKuma(page: unknown, heartbeat: unknown): MonitorGroup[] {
  const groups = (page as { publicGroupList?: unknown[] } | null)?.publicGroupList ?? [];
  const beats =
    (heartbeat as { heartbeatList?: Record<string, Beat[]> } | null)?.heartbeatList ?? {};
  const uptimes = (heartbeat as { uptimeList?: Record<string, number> } | null)?.uptimeList ?? {};
  return groups.map((raw) => {
    const group = raw as { name?: string; monitorList?: Array<{ id: number; name: string }> };
    return {
      name: group.name ?? '',
      monitors: (group.monitorList ?? []).map((monitor) => {
        const list = beats[String(monitor.id)] ?? [];
        const last = list.at(-1);
        return {
          id: monitor.id,
          name: monitor.name,
          state: stateOf(last?.status),
          uptime: uptimes[`${monitor.id}_24`],
          ping: last?.ping ?? undefined,
          beats: list.slice(-40).map((b) => stateOf(b.status)),
          message: last?.msg || undefined,
        };
      }),
    };
  });
}
