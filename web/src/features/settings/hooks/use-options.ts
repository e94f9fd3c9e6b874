import { useQuery } from '@tanstack/react-query';
import { fetchOptions } from '../api';

/** The settings as a key → value map. */
export const useOptions = () =>
  useQuery({
    queryKey: ['options'],
    queryFn: fetchOptions,
    select: (items) =>
      Object.fromEntries(items.map((o) => [o.key, o.value])) as Record<string, string>,
  });
