import type {
  CreateUserRequest,
  ManageUserRequest,
  Page,
  UpdateUserRequest,
  UserListItem,
} from '@gateway/shared';
import { api } from '../../lib/api';

/** One page of users, or of a search when `keyword` is set (1-based `p`). */
export const listUsers = ({
  keyword,
  page,
  pageSize,
}: {
  keyword: string;
  page: number;
  pageSize: number;
}) =>
  keyword
    ? api.get<Page<UserListItem>>('/api/user/search', {
        query: { keyword, p: page, page_size: pageSize },
      })
    : api.get<Page<UserListItem>>('/api/user/', { query: { p: page, page_size: pageSize } });

/** `GET /api/user/:id`. */
export const getUser = (id: number) => api.get<UserListItem>(`/api/user/${id}`);

/** `POST /api/user/`. */
export const createUser = (body: CreateUserRequest) => api.post<null>('/api/user/', body);

/** `PUT /api/user/`. */
export const updateUser = (body: UpdateUserRequest) => api.put<null>('/api/user/', body);

/** `POST /api/user/manage {id, action, value?, mode?}`. */
export const manageUser = (body: ManageUserRequest) =>
  api.post<UserListItem | null>('/api/user/manage', body);
