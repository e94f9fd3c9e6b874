import { useQuery } from '@tanstack/react-query';
import { getUser } from '../api';

/** One user, for the edit page. */
export const useUserDetail = (id: number | null) =>
  useQuery({ queryKey: ['user', id], queryFn: () => getUser(id as number), enabled: id !== null });
