import { useQuery } from '@tanstack/react-query';
import { fetchHomeContent } from '../api';

/** The administrator's home page content. */
export const useHomeContent = () =>
  useQuery({ queryKey: ['content', 'home'], queryFn: fetchHomeContent });
