import type { CreateTokenRequest, UpdateTokenRequest } from '@gateway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTokens, deleteToken, deleteTokens, setTokenStatus, updateToken } from '../api';

/** The key mutations; each refreshes the list when it succeeds. */
export function useTokenActions() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['tokens'] });
  return {
    create: useMutation({ mutationFn: (b: CreateTokenRequest) => createTokens(b), onSuccess }),
    update: useMutation({ mutationFn: (b: UpdateTokenRequest) => updateToken(b), onSuccess }),
    setStatus: useMutation({
      mutationFn: ({ id, status }: { id: number; status: number }) => setTokenStatus(id, status),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteToken(id), onSuccess }),
    removeMany: useMutation({ mutationFn: (ids: number[]) => deleteTokens(ids), onSuccess }),
  };
}
