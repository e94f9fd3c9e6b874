import type {
  CreateRedemptionRequest,
  RedemptionListParams,
  UpdateRedemptionRequest,
} from '@gateway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteInvalidRedemptions,
  deleteRedemption,
  fetchRedemptions,
  generateRedemptions,
  setRedemptionStatus,
  updateRedemption,
} from '../api';

/** One page of codes. */
export function useRedemptions(query: RedemptionListParams) {
  return useQuery({
    queryKey: ['redemptions', query],
    queryFn: () => fetchRedemptions(query),
    placeholderData: keepPreviousData,
  });
}

/** The code mutations; each refreshes the list when it succeeds. */
export function useRedemptionActions() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['redemptions'] });
  return {
    generate: useMutation({
      mutationFn: (b: CreateRedemptionRequest) => generateRedemptions(b),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (b: UpdateRedemptionRequest) => updateRedemption(b),
      onSuccess,
    }),
    setStatus: useMutation({
      mutationFn: ({ id, status }: { id: number; status: number }) =>
        setRedemptionStatus(id, status),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteRedemption(id), onSuccess }),
    removeInvalid: useMutation({ mutationFn: () => deleteInvalidRedemptions(), onSuccess }),
  };
}
