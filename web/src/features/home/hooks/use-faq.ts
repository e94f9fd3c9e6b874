import { useQuery } from '@tanstack/react-query';
import { fetchFaq } from '../api';

/** The FAQ list. */
export const useFaq = () =>
  useQuery({ queryKey: ['content', 'faq'], queryFn: fetchFaq, staleTime: 60_000 });
