import { describe, expect, it } from 'vitest';
import { readGroups, writeGroups } from './groups';

describe('groups of the two settings', () => {
  it('reads ratios and descriptions together and writes them back', () => {
    const groups = readGroups(
      '{"vip": 1.5, "default": 1, "svip": 2}',
      '{"default": "Standard", "vip": "Faster"}',
    );
    expect(groups.map((g) => g.name)).toEqual(['default', 'svip', 'vip']);
    expect(groups[2]).toEqual({ name: 'vip', ratio: 1.5, description: 'Faster', offered: true });
    expect(groups[1]).toMatchObject({ name: 'svip', offered: false });
    const written = writeGroups(groups);
    expect(JSON.parse(written.ratio)).toEqual({ default: 1, svip: 2, vip: 1.5 });
    expect(JSON.parse(written.usable)).toEqual({ default: 'Standard', vip: 'Faster' });
    expect(readGroups('not json', undefined)).toEqual([]);
  });
});
