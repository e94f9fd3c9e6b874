import { Role } from '@gateway/shared';

/** Role needed to list every group name (`GET /api/group/`), for the admin editors. */
export const groupListRole = Role.admin;
