import { describe, expect, it } from 'vitest';
import { isPrivateLiteral, isPublicAddress } from './public-address.js';

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
