/**
 * The development owner (docs/admin.md): under `npm start` outside production, when no staff
 * account exists yet, one owner is made with a generated password kept in
 * `<DATA_DIR>/secrets/admin-owner` (mode 600), so a newcomer can sign in to /admin at once.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import type { StaffService } from './service';

export const DEV_OWNER_EMAIL = 'owner@vastra.local';

/** Where the development owner's sign-in is kept under DATA_DIR. */
export function devOwnerFile(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'admin-owner');
}

/**
 * Makes the development owner when the staff table is empty and returns its sign-in (also
 * when it was made by an earlier start and its file is still there); null otherwise.
 */
export async function ensureDevelopmentOwner(
  db: Db,
  staff: StaffService,
  dataDir: string,
): Promise<{ email: string; password: string; file: string } | null> {
  const file = devOwnerFile(dataDir);
  if (!(await staff.any())) {
    const password = randomBytes(12).toString('base64url');
    await staff.create(db, { email: DEV_OWNER_EMAIL, name: 'Store owner', role: 'owner', password });
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, `${DEV_OWNER_EMAIL}\n${password}\n`, { mode: 0o600 });
  }
  if (!fs.existsSync(file)) return null;
  const [email, password] = fs.readFileSync(file, 'utf8').split('\n');
  return email && password ? { email, password, file } : null;
}
