/**
 * `npm run admin -- create-owner --email E --name N`: makes the first owner's one-time set-up
 * link (valid 48 h) and prints it (docs/admin.md). It opens the configured database itself, so
 * on the embedded database stop the API first; exit 2 for a wrong command line, 1 when the
 * email already has a staff account.
 */
import { parseArgs } from 'node:util';
import { emailSchema, nameSchema } from '@vastra/contracts';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { loadSigningSecret, LoginThrottle } from './modules/auth';
import { issueInvite, StaffService, TotpKeys } from './modules/staff';

const USAGE = `Usage: npm run admin -- create-owner --email owner@example.com --name "Asha Rao"
  Prints a one-time link (valid 48 hours) where the owner chooses a password.`;

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { email: { type: 'string' }, name: { type: 'string' } },
  allowPositionals: true,
  strict: false,
});
const email = emailSchema.safeParse(values.email ?? '');
const name = nameSchema.safeParse(values.name ?? '');
if (positionals[0] !== 'create-owner' || !email.success || !name.success) {
  console.error(USAGE);
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const secret = loadSigningSecret({ jwtSecret: config.jwtSecret, dataDir: config.dataDir });
  // No one signs in here: the code limit can count in memory.
  const staff = new StaffService(database.db, new TotpKeys(secret), new LoginThrottle(undefined, 'staff'));
  const { invite, link } = await issueInvite(
    { db: database.db, staff, publicUrl: config.publicUrl },
    { email: email.data, name: name.data, role: 'owner' },
    null,
  );
  console.log(`Set-up link for ${invite.email} (owner), valid until ${invite.expiresAt}:\n${link}`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
