import { useQuery } from '@tanstack/react-query';
import { userStore } from '../../../lib/user-store';
import { fetchSelf } from '../../auth';

/** The signed-in user from the server; each answer also refreshes `localStorage.user`. */
export function useSelf() {
  return useQuery({
    queryKey: ['self'],
    queryFn: async () => {
      const self = await fetchSelf();
      const stored = userStore.get();
      if (stored && stored.id === self.id) userStore.set({ ...stored, ...self });
      return self;
    },
  });
}
