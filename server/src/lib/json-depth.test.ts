import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, up to the limit and past it', () => {
    expect(nestsDeeperThan(nested(512), 512)).toBe(false);
    expect(nestsDeeperThan(nested(513), 512)).toBe(true);
    const objects = `${'{"a":'.repeat(600)}1${'}'.repeat(600)}`;
    expect(nestsDeeperThan(objects, 512)).toBe(true);
    expect(nestsDeeperThan(`[${'[1],'.repeat(5000)}1]`, 512)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ prompt: `\\"${'['.repeat(5000)}"\\`, list: [[1]] });
    expect(nestsDeeperThan(text, 3)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: [[[['x']]]] }), 3)).toBe(true);
  });
});
