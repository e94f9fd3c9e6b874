import type { LevelItem, SaveLevelRequest } from '@gateway/shared';
import { api } from '../../lib/api';

export const fetchLevels = () => api.get<LevelItem[]>('/api/level/');

/** Adds (no id) or edits a level; answers every level. */
export const saveLevel = (level: SaveLevelRequest) =>
  level.id === undefined
    ? api.post<LevelItem[]>('/api/level/', level)
    : api.put<LevelItem[]>('/api/level/', level);

export const deleteLevel = (id: number) => api.delete<null>(`/api/level/${id}`);
