import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * EPay v1 MD5 signature: every non-empty parameter except `sign` and `sign_type`, sorted by
 * key (byte order), joined as `k=v&k=v` with raw values, the merchant key appended directly;
 * lower-case hex MD5.
 */
export function epaySign(params: Record<string, string>, key: string): string {
  const joined = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(joined + key, 'utf8')
    .digest('hex');
}

/** Whether received parameters carry a valid signature (constant time, either hex case). */
export function epayVerify(params: Record<string, string>, key: string): boolean {
  const given = (params.sign ?? '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(given) || !key) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(epaySign(params, key)));
}
