import { describe, expect, it } from 'vitest';
import { selectedPath, updateAvailable } from './nav-model';

describe('updateAvailable', () => {
  it('is true when the latest version is newer', () => {
    expect(updateAvailable({ version: '1.0.0', latest_version: '1.1.0' })).toBe(true);
    expect(updateAvailable({ version: '1.1.0', latest_version: '1.1.0' })).toBe(false);
    expect(updateAvailable({ version: '1.1.0', latest_version: '' })).toBe(false);
  });
});

describe('selectedPath', () => {
  it('picks the longest matching entry', () => {
    expect(selectedPath('/user/edit/3', ['/user', '/panel'])).toBe('/user');
    expect(selectedPath('/', ['/', '/panel'])).toBe('/');
    expect(selectedPath('/panel', ['/', '/panel'])).toBe('/panel');
    expect(selectedPath('/nowhere', ['/', '/panel'])).toBeUndefined();
  });
});
