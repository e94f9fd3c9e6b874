import { kumaEndpoints, summarizeKuma, type MonitorGroup } from './lib/uptime-kuma';

/** Reads an Uptime Kuma status page's monitors (the Kuma server must allow this origin). */
export async function fetchUptime(url: string): Promise<MonitorGroup[]> {
  const endpoints = kumaEndpoints(url);
  if (!endpoints) throw new Error('unrecognised Uptime Kuma address');
  const get = async (address: string) => {
    const response = await fetch(address, { credentials: 'omit' });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return (await response.json()) as unknown;
  };
  const [page, heartbeat] = await Promise.all([get(endpoints.page), get(endpoints.heartbeat)]);
  return summarizeKuma(page, heartbeat);
}
