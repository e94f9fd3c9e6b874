import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics.js';

describe('relay metrics', () => {
  it('counts each request under its own model, channel and outcome, whatever came before', async () => {
    const metrics = new Metrics();
    const calls: Array<[string, string, string]> = [
      ['gpt-4o', '1', 'success'],
      ['gpt-4o', '1', 'success'],
      ['gpt-4o', '2', 'success'],
      ['gpt-4o', '1', '502'],
      ['claude\nx', '1', 'success'],
      ['gpt-4o', '1', 'success'],
    ];
    for (const [model, channel, status] of calls) metrics.observeRelay(model, channel, status, 0.2);
    const text = await metrics.scrape();
    const count = (labels: string) =>
      Number(new RegExp(`relay_requests_total\\{${labels}\\} (\\d+)`).exec(text)?.[1] ?? 0);
    expect(count('model="gpt-4o",channel="1",status="success"')).toBe(3);
    expect(count('model="gpt-4o",channel="2",status="success"')).toBe(1);
    expect(count('model="gpt-4o",channel="1",status="502"')).toBe(1);
    expect(count('model="claude x",channel="1",status="success"')).toBe(1);
    expect(text).toContain('relay_upstream_duration_seconds_count{model="gpt-4o",channel="1"} 4');
  });
});
