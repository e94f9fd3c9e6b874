import type { DrawingItem, Page } from '@gateway/shared';
import { api } from '../../lib/api';

/** A page of the caller's drawings, or everyone's for admins, newest first. */
export const fetchDrawings = (
  admin: boolean,
  query: Record<string, string | number | undefined>,
  p: number,
  page_size: number,
) =>
  api.get<Page<DrawingItem>>(admin ? '/api/mj/' : '/api/mj/self', {
    query: { ...query, p, page_size },
  });
