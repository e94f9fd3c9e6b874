import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostAllowList,
  isPrivateLiteral,
  isPublicAddress,
  publicOnlyAgent,
} from './public-address.js';

describe('public addresses', () => {
  it('tells the public internet from loopback, private, link-local and reserved ranges', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('spots private IP literals in URLs, names are left to the connection check', () => {
    expect(isPrivateLiteral('http://127.0.0.1:8080/hook')).toBe(true);
    expect(isPrivateLiteral('http://[::1]/hook')).toBe(true);
    expect(isPrivateLiteral('https://8.8.8.8/hook')).toBe(false);
    expect(isPrivateLiteral('https://hooks.example.com/x')).toBe(false);
  });
});

describe('the public-only agent', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `http://127.0.0.1:${port + 0}/elsewhere` }).end();
        return;
      }
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (url: string, agent: Dispatcher) =>
    fetch(url, { dispatcher: agent }).then(
      (res) => res.status,
      (error: { cause?: { code?: string; message?: string } }) =>
        error.cause?.code ?? `failed: ${String(error.cause?.message ?? error)}`,
    );

  it('refuses loopback, private and metadata addresses, by literal or by name', async () => {
    const agent = publicOnlyAgent();
    expect(await get(`http://127.0.0.1:${port}/`, agent)).toBe('EADDRNOTPUBLIC');
    expect(await get(`http://localhost:${port}/`, agent)).toBe('EADDRNOTPUBLIC');
    expect(await get('http://169.254.169.254/latest/meta-data/', agent)).toBe('EADDRNOTPUBLIC');
    expect(await get('http://[::1]:8080/', agent)).toBe('EADDRNOTPUBLIC');
    expect(await get('http://10.0.0.1:8080/', agent)).toBe('EADDRNOTPUBLIC');
  });

  it('lets through the hosts root allowed, and no others after a redirect', async () => {
    const agent = publicOnlyAgent(hostAllowList(`localhost:${port}\nexample.invalid`));
    expect(await get(`http://localhost:${port}/`, agent)).toBe(200);
    // The redirect leads to 127.0.0.1, which is not on the list.
    expect(await get(`http://localhost:${port}/redirect`, agent)).toBe('EADDRNOTPUBLIC');
    expect(
      await get(`http://127.0.0.1:${port}/`, publicOnlyAgent(hostAllowList('127.0.0.1'))),
    ).toBe(200);
  });
});
