import type { LoginResult } from '@gateway/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { safeRedirect } from '../../../app/guards';
import { notify } from '../../../lib/notify';
import { userStore } from '../../../lib/user-store';
import { fetchSelf } from '../api';

/** After a successful login: store the user, complete it from `/api/user/self`, go on. */
export function useCompleteSignIn(): (
  result: LoginResult,
  redirect: string | null,
) => Promise<void> {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return useCallback(
    async (result, redirect) => {
      userStore.set(result);
      try {
        userStore.set({ ...result, ...(await fetchSelf()) });
      } catch {
        // The login answer is enough to enter; pages refresh the rest.
      }
      notify.success(t('login.success'));
      navigate(safeRedirect(redirect), { replace: true });
    },
    [navigate, t],
  );
}
