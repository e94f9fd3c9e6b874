import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listUsers } from '../api';

/** A page of the user list or search. */
export const useUsers = (params: { keyword: string; page: number; pageSize: number }) =>
  useQuery({
    queryKey: ['users', params],
    queryFn: () => listUsers(params),
    placeholderData: keepPreviousData,
  });
