import { sendJson, startFakeHttp, type FakeHttp } from './fake-http.js';

/** Token a fake widget produces that passes once (like a real one: 300 s, single use). */
export const passingToken = (n: number | string) => `pass-${n}`;

/**
 * Starts a fake Cloudflare siteverify (`POST /siteverify`, form or JSON): `secret` must
 * match, tokens `pass-*` succeed once (a replay gives `timeout-or-duplicate`), others fail.
 */
export async function startFakeTurnstile(secret: string, port = 0): Promise<FakeHttp> {
  const spent = new Set<string>();
  return startFakeHttp(
    {
      'POST /siteverify': (x) => {
        const { secret: given, response } = x.fields;
        const fail = (code: string) =>
          sendJson(x.res, 200, { success: false, 'error-codes': [code] });
        if (!given) return fail('missing-input-secret');
        if (given !== secret) return fail('invalid-input-secret');
        if (!response) return fail('missing-input-response');
        if (!response.startsWith('pass-')) return fail('invalid-input-response');
        if (spent.has(response)) return fail('timeout-or-duplicate');
        spent.add(response);
        sendJson(x.res, 200, {
          success: true,
          'error-codes': [],
          challenge_ts: new Date().toISOString(),
          hostname: 'localhost',
        });
      },
    },
    port,
  );
}
