import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { manageUser } from '../api';

/** `POST /api/user/manage` with a success toast and a list refresh. */
export function useManageUser() {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manageUser,
    onSuccess: (_data, request) => {
      notify.success(t(`manage.done.${request.action}`));
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
