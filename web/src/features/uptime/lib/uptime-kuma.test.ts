import { describe, expect, it } from 'vitest';
import { kumaEndpoints, summarizeKuma } from './uptime-kuma';

describe('kumaEndpoints', () => {
  it('finds the slug in a status page or API address', () => {
    expect(kumaEndpoints('https://kuma.example.com/status/main')).toEqual({
      page: 'https://kuma.example.com/api/status-page/main',
      heartbeat: 'https://kuma.example.com/api/status-page/heartbeat/main',
    });
    expect(kumaEndpoints('https://k.example/sub/api/status-page/heartbeat/x')?.page).toBe(
      'https://k.example/sub/api/status-page/x',
    );
    expect(kumaEndpoints('https://k.example/')).toBeNull();
    expect(kumaEndpoints('not a url')).toBeNull();
  });
});

describe('summarizeKuma', () => {
  it('joins monitors with their beats and 24-hour uptime', () => {
    const groups = summarizeKuma(
      { publicGroupList: [{ name: 'API', monitorList: [{ id: 1, name: 'chat' }] }] },
      {
        heartbeatList: { 1: [{ status: 0 }, { status: 1, ping: 42 }] },
        uptimeList: { '1_24': 0.99 },
      },
    );
    expect(groups[0].monitors[0]).toMatchObject({
      state: 'up',
      ping: 42,
      uptime: 0.99,
      beats: ['down', 'up'],
    });
  });
});
