import { LogType, type LogFilter, type LogItem, type LogStat, type Page } from '@gateway/shared';
import type { Db } from '../../db/client.js';
import {
  channelNames,
  countLogs,
  pageOfLogs,
  sumLogs,
  userIdByName,
  type LogWhere,
} from '../../db/queries/logs.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { toLogItem, type LogView } from './log-item.js';

/** Window of the rpm/tpm figures. */
const rateWindowSeconds = 60;

/**
 * Turns the query filters into conditions. `ownerId` confines the result to one user's logs
 * (every non-admin call); an admin's `username` is matched by user id when the user exists.
 */
export async function buildLogWhere(
  db: Db,
  filter: Partial<LogFilter>,
  ownerId?: number,
): Promise<LogWhere> {
  const { start_timestamp: from, end_timestamp: to } = filter;
  if (from !== undefined && to !== undefined && from > to) throw new AppError('time_range_invalid');
  const where: LogWhere = {
    type: filter.type,
    from,
    to,
    tokenName: filter.token_name,
    modelName: filter.model_name,
    group: filter.group,
    requestId: filter.request_id,
  };
  if (ownerId !== undefined) return { ...where, userId: ownerId };
  where.channelId = filter.channel;
  if (filter.username !== undefined) {
    const id = await userIdByName(db, filter.username);
    if (id === null) where.username = filter.username;
    else where.userId = id;
  }
  return where;
}

/** One page of logs, newest first, with the total count. */
export async function listLogs(
  db: Db,
  where: LogWhere,
  page: number,
  pageSize: number,
  view: LogView,
): Promise<Page<LogItem>> {
  const [total, rows] = await Promise.all([
    countLogs(db, where),
    pageOfLogs(db, where, pageSize, (page - 1) * pageSize),
  ]);
  const channels =
    view === 'admin'
      ? await channelNames(db, [...new Set(rows.map((r) => r.channel_id))])
      : undefined;
  return {
    page,
    page_size: pageSize,
    total,
    items: rows.map((row) => toLogItem(row, view, channels)),
  };
}

/** Consumed quota over the filter, and requests and tokens of the last minute. */
export async function statLogs(db: Db, where: LogWhere): Promise<LogStat> {
  const consume = { ...where, type: LogType.consume };
  const recent = { ...consume, from: nowSeconds() - rateWindowSeconds, to: undefined };
  const [total, lastMinute] = await Promise.all([sumLogs(db, consume), sumLogs(db, recent)]);
  return { quota: total.quota, rpm: lastMinute.requests, tpm: lastMinute.tokens };
}
