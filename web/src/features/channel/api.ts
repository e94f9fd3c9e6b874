import type {
  ChannelItem,
  ChannelListParams,
  ChannelPage,
  ServedChannelType,
  CreateChannelRequest,
  EditTagRequest,
  ModelsByChannelType,
  UpdateChannelRequest,
} from '@gateway/shared';
import { ApiError, api, requestEnvelope } from '../../lib/api';

/** The outcome of a channel test. */
export interface ChannelTestOutcome {
  success: boolean;
  message: string;
  /** Seconds. */
  time: number;
}

/** Channels (never their keys), filtered and paged. */
export const fetchChannels = (query: ChannelListParams) =>
  api.get<ChannelPage>('/api/channel/', { query: { ...query } });

/** One channel, without its key. */
export const fetchChannel = (id: number) => api.get<ChannelItem>(`/api/channel/${id}`);

/** Adds one channel, or one per key line in batch mode; answers the new ids. */
export const createChannels = (body: CreateChannelRequest) =>
  api.post<number[]>('/api/channel/', body);

/** Edits a channel; fields left out keep their value. */
export const updateChannel = (body: UpdateChannelRequest) =>
  api.put<ChannelItem>('/api/channel/', body);

/** Deletes one channel. */
export const deleteChannel = (id: number) => api.delete<null>(`/api/channel/${id}`);

/** Deletes the selected channels. */
export const deleteChannels = (ids: number[]) => api.post<number>('/api/channel/batch', { ids });

/** Deletes every disabled channel. */
export const deleteDisabledChannels = () => api.delete<number>('/api/channel/disabled');

/** Sets a tag on the selected channels. */
export const tagChannels = (ids: number[], tag: string) =>
  api.post<number>('/api/channel/batch/tag', { ids, tag });

/** Enables or disables every channel with a tag. */
export const setTagEnabled = (tag: string, enabled: boolean) =>
  api.post<number>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag });

/** Sets common fields on every channel with a tag; answers how many have it. */
export const editTag = (body: EditTagRequest) => api.put<number>('/api/channel/tag', body);

/** The models of a tag's channels as one comma list. */
export const fetchTagModels = (tag: string) =>
  api.get<string>('/api/channel/tag/models', { query: { tag } });

/** Duplicates a channel; answers the new id. */
export const copyChannel = (id: number) => api.post<{ id: number }>(`/api/channel/copy/${id}`);

/** Tests one channel (with a model, or its test model); failures are answers, not errors. */
export async function testChannel(id: number, model?: string): Promise<ChannelTestOutcome> {
  try {
    const answer = await requestEnvelope<unknown>('GET', `/api/channel/test/${id}`, {
      query: { model },
      silent: true,
    });
    return {
      success: true,
      message: answer.message,
      time: Number((answer as { time?: number }).time ?? 0),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status !== null && error.status !== 401) {
      return { success: false, message: error.message, time: 0 };
    }
    throw error;
  }
}

/** Fetches a channel's upstream balance (USD). */
export async function refreshBalance(id: number): Promise<number> {
  const answer = await requestEnvelope<{ balance: number }>(
    'GET',
    `/api/channel/update_balance/${id}`,
  );
  return answer.data?.balance ?? Number((answer as { balance?: number }).balance ?? 0);
}

/** Fetches the balance of every enabled channel that has one; answers how many. */
export const refreshAllBalances = () => api.get<number>('/api/channel/update_balance');

/** The models an unsaved upstream address and key offer. */
export const fetchUpstreamModels = (body: {
  type: number;
  base_url: string;
  key: string;
  other: string;
}) => api.post<string[]>('/api/channel/fetch_models', body);

/** The models the upstream of a saved channel offers (its stored key). */
export const fetchSavedChannelModels = (id: number) =>
  api.get<string[]>(`/api/channel/fetch_models/${id}`);

/** The channel types the relay serves: the editor's type picker. */
export const fetchServedTypes = () => api.get<ServedChannelType[]>('/api/channel/types');

/** Known model names by channel type (for "fill common models"). */
export const fetchModelsByType = () => api.get<ModelsByChannelType>('/api/models');

/** Every group name. */
export const fetchGroupNames = () => api.get<string[]>('/api/group/');

/** A channel's stored key (root). */
export const revealChannelKey = (id: number) => api.post<{ key: string }>(`/api/channel/${id}/key`);
