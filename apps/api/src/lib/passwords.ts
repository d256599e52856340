import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

/** True for one of the 10,000 most used passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    (dictionary.passwords as string[]).slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so that timing does not reveal which emails exist.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy-password-for-constant-time');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
