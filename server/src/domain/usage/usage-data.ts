import type { UsageDataQuery, UsageDataRow } from '@gateway/shared';
import type { Db } from '../../db/client.js';
import { userIdByName } from '../../db/queries/logs.js';
import { sumQuotaData, type QuotaDataRange } from '../../db/queries/quota-data.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';

/** A usage query; `username` only from admins. */
type UsageDataRequest = Omit<UsageDataQuery, 'username'> & { username?: string };

const hour = 3600;
const day = 24 * hour;
const week = 7 * day;
/** The default range when none is given. */
const defaultSpan = week;

/**
 * Bucket size and the shift added before rounding down: the time-zone offset, plus whole
 * days that keep the sum positive and (for weeks) move the Thursday epoch to a Monday.
 */
function bucketing(
  query: UsageDataRequest,
): Pick<QuotaDataRange, 'bucketSeconds' | 'shiftSeconds'> {
  if (query.granularity === 'hour') return { bucketSeconds: hour, shiftSeconds: 0 };
  if (query.granularity === 'day')
    return { bucketSeconds: day, shiftSeconds: query.tz_offset + day };
  return { bucketSeconds: week, shiftSeconds: query.tz_offset + 3 * day };
}

/**
 * Usage per model and hour, day or week over a range, from the hourly roll-up. `ownerId`
 * confines it to one user (the self view); otherwise it covers everyone or `username`.
 */
export async function readUsageData(
  db: Db,
  query: UsageDataRequest,
  ownerId?: number,
): Promise<UsageDataRow[]> {
  const to = query.end_timestamp ?? nowSeconds();
  const from = query.start_timestamp ?? Math.max(0, to - defaultSpan);
  if (from > to) throw new AppError('time_range_invalid');
  const range: QuotaDataRange = { from, to, ...bucketing(query) };
  if (ownerId !== undefined) range.userId = ownerId;
  else if (query.username !== undefined) {
    const id = await userIdByName(db, query.username);
    if (id === null) range.username = query.username;
    else range.userId = id;
  }
  return sumQuotaData(db, range);
}
