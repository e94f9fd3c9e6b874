import type { EditTagRequest, UpdateChannelRequest } from '@gateway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  copyChannel,
  deleteChannel,
  deleteChannels,
  deleteDisabledChannels,
  editTag,
  refreshAllBalances,
  refreshBalance,
  setTagEnabled,
  tagChannels,
  updateChannel,
} from '../api';

/** The channel list's mutations; each refreshes the list when it succeeds. */
export function useChannelActions() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['channels'] });
  return {
    update: useMutation({ mutationFn: (b: UpdateChannelRequest) => updateChannel(b), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => deleteChannel(id), onSuccess }),
    removeMany: useMutation({ mutationFn: (ids: number[]) => deleteChannels(ids), onSuccess }),
    removeDisabled: useMutation({ mutationFn: deleteDisabledChannels, onSuccess }),
    tag: useMutation({
      mutationFn: ({ ids, tag }: { ids: number[]; tag: string }) => tagChannels(ids, tag),
      onSuccess,
    }),
    tagEnabled: useMutation({
      mutationFn: ({ tag, enabled }: { tag: string; enabled: boolean }) =>
        setTagEnabled(tag, enabled),
      onSuccess,
    }),
    editTag: useMutation({ mutationFn: (b: EditTagRequest) => editTag(b), onSuccess }),
    copy: useMutation({ mutationFn: (id: number) => copyChannel(id), onSuccess }),
    balance: useMutation({ mutationFn: (id: number) => refreshBalance(id), onSuccess }),
    balances: useMutation({ mutationFn: refreshAllBalances, onSuccess }),
  };
}
