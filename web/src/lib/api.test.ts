import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureApi } from './api';
import { userStore } from './user-store';

const messages: Record<string, string> = {
  'errors.tooManyRequests': 'Error: Too many requests, please try again later!',
  'errors.internal': 'Error: Internal server error, please contact the administrator!',
  'errors.demoSite': 'This site is for demonstration purposes only, there is no server!',
};
const translate = (key: string, params?: Record<string, string>) =>
  key === 'errors.generic' ? `Error: ${params?.message}` : (messages[key] ?? key);

function answer(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

describe('api client', () => {
  const toasts: string[] = [];
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    toasts.length = 0;
    onUnauthorized.mockReset();
    configureApi({
      notifyError: (m) => toasts.push(m),
      onUnauthorized,
      language: () => 'de',
      translate,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    userStore.clear();
  });

  it('sends the user id (or -1), no-store and the language, and returns data', async () => {
    const fetchMock = answer(200, { success: true, message: '', data: { ok: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/api/x', { query: { p: 2, page_size: 10, empty: '' } })).resolves.toEqual(
      { ok: 1 },
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x?p=2&page_size=10');
    expect(init.headers).toMatchObject({
      'New-Api-User': '-1',
      'Cache-Control': 'no-store',
      'Accept-Language': 'de',
    });

    userStore.set({ id: 7, username: 'u', display_name: '', role: 1, status: 1, group: 'default' });
    await api.get('/api/x');
    const [, second] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(second.headers).toMatchObject({ 'New-Api-User': '7' });
  });

  it('shows the server message of success:false', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, { success: false, message: 'User does not exist', code: 'user_not_found' }),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({
      message: 'User does not exist',
      code: 'user_not_found',
    });
    expect(toasts).toEqual(['User does not exist']);
  });

  it('maps 429, 500 and 405 to the fixed messages and others to "Error: " + message', async () => {
    const cases: Array<[number, string]> = [
      [429, messages['errors.tooManyRequests']],
      [500, messages['errors.internal']],
      [405, messages['errors.demoSite']],
      [403, 'Error: Insufficient permission'],
    ];
    for (const [status, expected] of cases) {
      vi.stubGlobal(
        'fetch',
        answer(status, { success: false, message: 'Insufficient permission' }),
      );
      await expect(api.get('/api/x')).rejects.toMatchObject({ status });
      expect(toasts.at(-1)).toBe(expected);
    }
  });

  it('hands 401 to the unauthorized handler without a toast', async () => {
    userStore.set({ id: 7, username: 'u', display_name: '', role: 1, status: 1, group: 'default' });
    vi.stubGlobal('fetch', answer(401, { success: false, message: 'unauthorized' }));
    await expect(api.get('/api/user/self')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(toasts).toEqual([]);
  });

  it('does not call a 401 an expiry while signing out, nor once the user is gone', async () => {
    userStore.set({ id: 7, username: 'u', display_name: '', role: 1, status: 1, group: 'default' });
    vi.stubGlobal('fetch', answer(401, { success: false, message: 'unauthorized' }));
    userStore.beginSignOut();
    await expect(api.get('/api/user/self')).rejects.toMatchObject({ status: 401 });
    userStore.clear();
    await expect(api.get('/api/user/self')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports network failures as "Error: " + message, and stays quiet when silent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: null });
    expect(toasts).toEqual(['Error: Failed to fetch']);
    await expect(api.get('/api/x', { silent: true })).rejects.toBeTruthy();
    expect(toasts).toHaveLength(1);
  });
});
