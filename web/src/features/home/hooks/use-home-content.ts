import { useQuery } from '@tanstack/react-query';
import { fetchHomeContent } from '../api';

/** The admin-set home page content. */
export const useHomeContent = () =>
  useQuery({ queryKey: ['content', 'home'], queryFn: fetchHomeContent, staleTime: 60_000 });
