import { useQuery } from '@tanstack/react-query';
import { fetchAbout } from '../api';

/** The admin-set about page content. */
export const useAbout = () =>
  useQuery({ queryKey: ['content', 'about'], queryFn: fetchAbout, staleTime: 60_000 });
