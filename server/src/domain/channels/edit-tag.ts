import type { EditTagRequest } from '@gateway/shared';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import { modelListsByTag, updateChannelsByTag } from '../../db/queries/channel-tags.js';
import type { ChannelsTable } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * Sets the given common fields (priority, weight, models, groups, model mapping, a new tag
 * name) on every channel with the tag and rebuilds the routing index; returns how many
 * channels have the tag. Fields left out keep each channel's own value.
 */
export async function editTagChannels(ctx: AppContext, input: EditTagRequest): Promise<number> {
  const values: Updateable<ChannelsTable> = {
    tag: input.new_tag,
    priority: input.priority,
    weight: input.weight,
    models: input.models,
    group: input.groups,
    model_mapping: input.model_mapping,
  };
  if (Object.values(values).every((v) => v === undefined)) throw new AppError('tag_edit_empty');
  const changed = await updateChannelsByTag(ctx.db, input.tag, values);
  if (changed > 0) await ctx.channels.refresh();
  return changed;
}

/**
 * The models of a tag's channels as one comma list (each model once, in the order the oldest
 * channels list them), for the tag editor's model field.
 */
export async function tagModels(ctx: AppContext, tag: string): Promise<string> {
  const models = new Set<string>();
  for (const list of await modelListsByTag(ctx.db, tag)) {
    for (const model of list.split(',')) if (model.trim()) models.add(model.trim());
  }
  return [...models].join(',');
}
