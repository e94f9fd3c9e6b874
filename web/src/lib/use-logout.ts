import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from './api';
import { userStore } from './user-store';

/** Ends the session (`GET /api/user/logout`), forgets the stored user and goes to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    userStore.beginSignOut();
    try {
      await api.get('/api/user/logout', { silent: true });
    } finally {
      // Leave the guarded page first, so its guard does not add a redirect back to it.
      await navigate('/login', { flushSync: true });
      userStore.clear();
      queryClient.removeQueries({
        predicate: (q) => !['status', 'setup', 'notice'].includes(String(q.queryKey[0])),
      });
    }
  }, [navigate, queryClient]);
}
