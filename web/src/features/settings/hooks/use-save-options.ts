import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { updateOption } from '../api';

/** Saves changed settings one by one, stopping at the first refusal (shown as returned). */
export function useSaveOptions() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Array<[key: string, value: string]>) => {
      const warnings: string[] = [];
      try {
        for (const [key, value] of changes) {
          const warning = await updateOption(key, value);
          if (warning) warnings.push(warning);
        }
      } finally {
        void queryClient.invalidateQueries({ queryKey: ['options'] });
        void queryClient.invalidateQueries({ queryKey: ['status'] });
      }
      return warnings;
    },
    onSuccess: (warnings, changes) => {
      for (const warning of warnings) notify.warning(warning);
      if (changes.length === 0) notify.info(t('nothingChanged'));
      else if (warnings.length === 0) notify.success(t('saved'));
    },
  });
}
