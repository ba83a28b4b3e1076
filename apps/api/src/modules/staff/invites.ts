/**
 * Staff invitations (docs/admin.md): the owner invites by email with a role; the mail carries a
 * one-time set-up link (`/admin/setup?token=…`, 48 h) where the invitee chooses a password and
 * the account is made. `npm run admin -- create-owner` makes the same link for the first owner.
 * Only the token's SHA-256 is stored.
 */
import { ADMIN_BASE_PATH, ADMIN_MESSAGES, STAFF_INVITE_TTL_MS, type AdminRole, type Staff } from '@vastra/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { staffInviteMail } from './mail';
import type { StaffService } from './service';
import { staffInvites } from './tables';
import { newToken, sha256 } from './totp';

export type InviteInput = { email: string; name: string; role: AdminRole };
export type Invite = InviteInput & { id: string; expiresAt: string };

export class StaffInvites {
  constructor(
    private readonly deps: {
      db: Db;
      staff: StaffService;
      mailer: Mailer;
      jobs: Jobs;
      /** The API's public address: the admin app lives at `${publicUrl}/admin`. */
      publicUrl: string;
    },
  ) {}

  /** Invites a staff member and mails the link; ConflictError when the email already has an account. */
  async invite(input: InviteInput, invitedBy: string | null): Promise<Invite> {
    const { invite, link } = await issueInvite(this.deps, input, invitedBy);
    // In memory, never a stored job: the mail carries the set-up token, which is stored only hashed.
    this.deps.jobs.later('mail-staff-invite', { inviteId: invite.id }, () =>
      this.deps.mailer.send({
        to: input.email,
        ...staffInviteMail({ name: input.name, role: input.role, link, expiresAt: new Date(invite.expiresAt) }),
      }),
    );
    return invite;
  }

  /** What a set-up link is for (the set-up page's greeting); errors as in `accept`. */
  async describe(token: string): Promise<InviteInput> {
    const row = await this.usable(this.deps.db, token);
    return { email: row.email, name: row.name, role: row.role };
  }

  /**
   * Makes the account of a set-up link with the chosen password, once. Throws NotFoundError for
   * an unknown token, ValidationError when expired, ConflictError when already used.
   */
  async accept(token: string, password: string): Promise<Staff> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.usable(tx, token);
      const used = await tx
        .update(staffInvites)
        .set({ usedAt: new Date() })
        .where(and(eq(staffInvites.id, row.id), isNull(staffInvites.usedAt)))
        .returning({ id: staffInvites.id });
      if (used.length === 0) throw new ConflictError(ADMIN_MESSAGES.inviteUsed);
      return this.deps.staff.create(tx, { email: row.email, name: row.name, role: row.role, password });
    });
  }

  private async usable(db: Db, token: string) {
    const [row] = await db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.tokenHash, sha256(token)))
      .limit(1);
    if (!row) throw new NotFoundError(ADMIN_MESSAGES.inviteNotFound);
    if (row.usedAt) throw new ConflictError(ADMIN_MESSAGES.inviteUsed);
    if (row.expiresAt <= new Date()) throw new ValidationError(ADMIN_MESSAGES.inviteExpired);
    return row;
  }
}

/**
 * Stores an invitation and returns it with its set-up link (the token appears only in the
 * link). ConflictError when the email already has a staff account. `npm run admin --
 * create-owner` calls it with role owner and prints the link.
 */
export async function issueInvite(
  deps: { db: Db; staff: StaffService; publicUrl: string },
  input: InviteInput,
  invitedBy: string | null,
): Promise<{ invite: Invite; link: string }> {
  if (await deps.staff.emailTaken(input.email)) throw new ConflictError(ADMIN_MESSAGES.staffEmailTaken);
  const token = newToken();
  const expiresAt = new Date(Date.now() + STAFF_INVITE_TTL_MS);
  const [row] = await deps.db
    .insert(staffInvites)
    .values({ ...input, tokenHash: sha256(token), invitedBy, expiresAt })
    .returning({ id: staffInvites.id });
  const link = `${deps.publicUrl}${ADMIN_BASE_PATH}/setup?token=${token}`;
  return { invite: { id: row!.id, ...input, expiresAt: expiresAt.toISOString() }, link };
}
