import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/** The result of checking a password against a stored hash. */
export interface PasswordCheck {
  ok: boolean;
  /** True when the hash is an imported bcrypt one that should be replaced by argon2id. */
  rehash: boolean;
}

const isBcrypt = (stored: string) => /^\$2[aby]\$/.test(stored);

/** Hashes a password with argon2id (the library's default algorithm and parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Checks a password against an argon2id hash or an imported one-api/new-api bcrypt hash.
 * An empty or unreadable hash never matches.
 */
export async function checkPassword(stored: string, password: string): Promise<PasswordCheck> {
  if (isBcrypt(stored)) {
    const ok = await bcrypt.compare(password, stored);
    return { ok, rehash: ok };
  }
  if (!stored.startsWith('$argon2')) return { ok: false, rehash: false };
  try {
    return { ok: await verify(stored, password), rehash: false };
  } catch {
    return { ok: false, rehash: false };
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so unknown usernames answer as slowly as known ones. */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password');
  await checkPassword(await dummyHash, password);
}
