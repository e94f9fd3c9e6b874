import { useQuery } from '@tanstack/react-query';
import { fetchAbout } from '../api';

/** The about page content. */
export const useAbout = () => useQuery({ queryKey: ['content', 'about'], queryFn: fetchAbout });
