/**
 * Password hashing with argon2id (@node-rs/argon2's default algorithm and costs: 19 MiB,
 * 2 passes, the OWASP minimum). `verifyPassword` of an account without a password still spends the time of a
 * real check, so response times don't tell which emails have accounts.
 */
import { hash, verify } from '@node-rs/argon2';

let decoy: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches `passwordHash`; false (after a decoy check) when there is no hash. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password for timing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
