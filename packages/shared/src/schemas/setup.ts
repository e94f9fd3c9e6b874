import { z } from 'zod';
import { password, username } from './users.js';

/** `GET /api/setup`. */
export const setupState = z.object({
  /** True once the root account exists. */
  status: z.boolean(),
  root_init: z.boolean(),
  database_type: z.enum(['sqlite', 'postgres', 'mysql']),
});
export type SetupState = z.infer<typeof setupState>;

/** `POST /api/setup`: creates root once. */
export const setupRequest = z
  .object({
    username,
    password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'passwords_do_not_match',
    path: ['confirmPassword'],
  });
export type SetupRequest = z.infer<typeof setupRequest>;
