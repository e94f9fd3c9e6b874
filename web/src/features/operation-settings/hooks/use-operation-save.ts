import { useSaveOptions } from '../../settings';

/** Saves settings through the settings page's mutation (refreshes options and status). */
export function useOperationSave() {
  const save = useSaveOptions();
  return {
    saving: save.isPending,
    /** Saves the changed `[key, value]` pairs; resolves when done. */
    save: (changes: Array<[string, string]>) => save.mutateAsync(changes),
  };
}
