import type { ChannelListQuery } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { listChannels } from '../../db/queries/channels.js';
import { toChannelItem } from './channel-rows.js';

/** One page of channels without their keys, with the count of channels per type. */
export async function listChannelPage(ctx: AppContext, query: ChannelListQuery) {
  const { total, items, typeCounts } = await listChannels(ctx.db, {
    page: query.page,
    pageSize: query.pageSize,
    status: query.status,
    type: query.type,
    group: query.group,
    tag: query.tag,
    keyword: query.keyword,
    model: query.model,
    idSort: query.id_sort,
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
  });
  return {
    page: query.page,
    page_size: query.pageSize,
    total,
    items: items.map(toChannelItem),
    type_counts: typeCounts,
  };
}
