/**
 * Staff accounts and access (docs/admin.md): sign-in and its cookie, roles per route, the
 * Origin check, two-factor sign-in (enrolment, wrong and replayed codes, recovery codes,
 * mandatory 2FA), invitations (mailed, expired, reused), session revocation and the audit log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_MESSAGES } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { auditLog, staffInvites } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { latestOutboxMail } from '../../test/outbox';
import { adminCookie, asStaff, staffLogin, staffOfRole, totpCode, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let owner: StaffLogin;

before(async () => {
  ctx = await createTestApp({ seed: false });
  owner = await staffOfRole(ctx, 'owner');
});
after(() => ctx.close());

describe('staff sign-in', () => {
  it('sets an httpOnly, SameSite=Strict cookie on /admin and never answers the token', async () => {
    const res = await staffLogin(ctx.app, { email: owner.email, password: owner.password });
    assert.equal(res.statusCode, 200);
    const setCookie = String(res.headers['set-cookie']);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Strict/);
    assert.match(setCookie, /Path=\/admin/);
    const token = adminCookie(res).split('=')[1]!;
    assert.ok(!res.body.includes(token));
    assert.equal(res.json().data.staff.role, 'owner');
    assert.ok(res.json().data.permissions.includes('staff.manage'));
  });

  it('refuses a wrong password and an unknown email with one message', async () => {
    for (const body of [
      { email: owner.email, password: 'not the password' },
      { email: 'nobody@example.com', password: 'whatever 1' },
    ]) {
      const res = await staffLogin(ctx.app, body);
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().message, ADMIN_MESSAGES.incorrectCredentials);
    }
  });

  it('does not let a shopper session or no session in, and answers 401 before reading the body', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/admin/api/staff/invites', payload: 'not json' });
    assert.equal(none.statusCode, 401);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/admin/api/auth/me',
      headers: { cookie: 'vastra_admin=forged-token-value' },
    });
    assert.equal(forged.statusCode, 401);
  });

  it('refuses a cookie write from another origin', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/api/settings',
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: { requireTotp: false },
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().message, ADMIN_MESSAGES.originNotAllowed);
  });

  it('ends the session at sign-out', async () => {
    const other = await staffLogin(ctx.app, { email: owner.email, password: owner.password });
    const session = { cookie: adminCookie(other) };
    assert.equal((await asStaff(ctx.app, session, 'POST', '/admin/api/auth/logout')).statusCode, 200);
    assert.equal((await asStaff(ctx.app, session, 'GET', '/admin/api/auth/me')).statusCode, 401);
  });
});

describe('roles', () => {
  it('lets only the owner manage staff, settings and the audit log', async () => {
    const staffMember = await staffOfRole(ctx, 'staff');
    const support = await staffOfRole(ctx, 'support');
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/api/staff'],
      ['POST', '/admin/api/staff/invites', { email: 'x@example.com', name: 'X', role: 'support' }],
      ['PATCH', `/admin/api/staff/${support.id}`, { role: 'staff' }],
      ['GET', '/admin/api/settings'],
      ['PUT', '/admin/api/settings', { requireTotp: false }],
      ['GET', '/admin/api/audit'],
    ];
    for (const [method, url, body] of routes) {
      for (const who of [staffMember, support]) {
        const res = await asStaff(ctx.app, who, method as 'GET', url, body);
        assert.equal(res.statusCode, 403, `${who.role} ${method} ${url}`);
        assert.equal(res.json().message, ADMIN_MESSAGES.notAllowed);
      }
    }
    assert.equal((await asStaff(ctx.app, owner, 'GET', '/admin/api/staff')).statusCode, 200);
    assert.equal((await asStaff(ctx.app, owner, 'GET', '/admin/api/audit')).statusCode, 200);
  });

  it('disabling a staff member ends their sessions and refuses their sign-in; the last owner stays', async () => {
    const member = await staffOfRole(ctx, 'support');
    const res = await asStaff(ctx.app, owner, 'PATCH', `/admin/api/staff/${member.id}`, { disabled: true });
    assert.equal(res.statusCode, 200);
    assert.equal((await asStaff(ctx.app, member, 'GET', '/admin/api/auth/me')).statusCode, 401);
    const again = await staffLogin(ctx.app, { email: member.email, password: member.password });
    assert.equal(again.statusCode, 403);
    assert.equal(again.json().message, ADMIN_MESSAGES.accountDisabled);

    const owners = (await asStaff(ctx.app, owner, 'GET', '/admin/api/staff'))
      .json()
      .data.filter(
        (s: { id: string; role: string; disabled: boolean }) => s.role === 'owner' && !s.disabled && s.id !== owner.id,
      );
    for (const other of owners) {
      await asStaff(ctx.app, owner, 'PATCH', `/admin/api/staff/${other.id}`, { disabled: true });
    }
    const last = await asStaff(ctx.app, owner, 'PATCH', `/admin/api/staff/${owner.id}`, { role: 'staff' });
    assert.equal(last.statusCode, 409);
    assert.equal(last.json().message, ADMIN_MESSAGES.lastOwner);
  });

  it('a password change ends the other sessions, not this one', async () => {
    const member = await staffOfRole(ctx, 'staff');
    const second = {
      cookie: adminCookie(await staffLogin(ctx.app, { email: member.email, password: member.password })),
    };
    const res = await asStaff(ctx.app, member, 'POST', '/admin/api/auth/password', {
      currentPassword: member.password,
      newPassword: 'a new password 2',
    });
    assert.equal(res.statusCode, 200);
    assert.equal((await asStaff(ctx.app, member, 'GET', '/admin/api/auth/me')).statusCode, 200);
    assert.equal((await asStaff(ctx.app, second, 'GET', '/admin/api/auth/me')).statusCode, 401);
  });
});

describe('two-factor sign-in', () => {
  it('enrols, then asks for a code, refuses wrong and replayed codes, and takes each recovery code once', async () => {
    const member = await staffOfRole(ctx, 'staff');
    const setup = await asStaff(ctx.app, member, 'POST', '/admin/api/auth/totp/setup');
    assert.equal(setup.statusCode, 200);
    const { secret, uri } = setup.json().data;
    assert.match(uri, /^otpauth:\/\/totp\/Vastra:/);

    const wrongEnable = await asStaff(ctx.app, member, 'POST', '/admin/api/auth/totp/enable', { code: '000000' });
    assert.equal(wrongEnable.statusCode, 401);
    const enable = await asStaff(ctx.app, member, 'POST', '/admin/api/auth/totp/enable', { code: totpCode(secret) });
    assert.equal(enable.statusCode, 200, enable.body);
    const { recoveryCodes } = enable.json().data;
    assert.equal(recoveryCodes.length, 10);

    const noCode = await staffLogin(ctx.app, { email: member.email, password: member.password });
    assert.equal(noCode.statusCode, 401);
    assert.equal(noCode.json().message, ADMIN_MESSAGES.totpRequired);
    assert.equal(adminCookie(noCode), '');

    const wrong = await staffLogin(ctx.app, { email: member.email, password: member.password, code: '123456' });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().message, ADMIN_MESSAGES.totpIncorrect);

    // The enrolment used this step's code: the next step's code signs in, once.
    const next = totpCode(secret, Date.now() + 30_000);
    const ok = await staffLogin(ctx.app, { email: member.email, password: member.password, code: next });
    assert.equal(ok.statusCode, 200, ok.body);
    const replay = await staffLogin(ctx.app, { email: member.email, password: member.password, code: next });
    assert.equal(replay.statusCode, 401);
    assert.equal(replay.json().message, ADMIN_MESSAGES.totpIncorrect);

    const withRecovery = { email: member.email, password: member.password, recoveryCode: recoveryCodes[0] };
    assert.equal((await staffLogin(ctx.app, withRecovery)).statusCode, 200);
    const reused = await staffLogin(ctx.app, withRecovery);
    assert.equal(reused.statusCode, 401);
    assert.equal(reused.json().message, ADMIN_MESSAGES.recoveryIncorrect);
    // Written without the dash and in capitals, another code still works.
    const typed = recoveryCodes[1].replace('-', '').toUpperCase();
    assert.equal((await staffLogin(ctx.app, { ...withRecovery, recoveryCode: typed })).statusCode, 200);

    // A wrong password with a right code is still a wrong password.
    const badPassword = await staffLogin(ctx.app, {
      email: member.email,
      password: 'not it at all',
      code: totpCode(secret, Date.now() + 60_000),
    });
    assert.equal(badPassword.json().message, ADMIN_MESSAGES.incorrectCredentials);
  });

  it('when the owner makes 2FA mandatory, a member without it can only set it up', async () => {
    const member = await staffOfRole(ctx, 'owner');
    const on = await asStaff(ctx.app, owner, 'PUT', '/admin/api/settings', { requireTotp: true });
    assert.equal(on.statusCode, 200);
    try {
      const me = await asStaff(ctx.app, member, 'GET', '/admin/api/auth/me');
      assert.equal(me.json().data.mustEnrolTotp, true);
      const refused = await asStaff(ctx.app, member, 'GET', '/admin/api/staff');
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().message, ADMIN_MESSAGES.totpEnrolmentRequired);
      const { secret } = (await asStaff(ctx.app, member, 'POST', '/admin/api/auth/totp/setup')).json().data;
      await asStaff(ctx.app, member, 'POST', '/admin/api/auth/totp/enable', { code: totpCode(secret) });
      assert.equal((await asStaff(ctx.app, member, 'GET', '/admin/api/staff')).statusCode, 200);
    } finally {
      await asStaff(ctx.app, member, 'PUT', '/admin/api/settings', { requireTotp: false });
    }
  });
});

describe('invitations', () => {
  async function invite(email: string) {
    const res = await asStaff(ctx.app, owner, 'POST', '/admin/api/staff/invites', {
      email,
      name: 'Ravi Kumar',
      role: 'support',
    });
    assert.equal(res.statusCode, 201, res.body);
    await ctx.app.jobs.idle();
    const mail = await latestOutboxMail(ctx.dataDir, email);
    assert.ok(mail, 'the invitation is mailed');
    const link = /(http\S+\/admin\/setup\?token=\S+)/.exec(mail.text ?? '')![1]!;
    return { id: res.json().data.id as string, token: new URL(link).searchParams.get('token')! };
  }

  it('mails a set-up link that makes the account once', async () => {
    const email = 'ravi.invited@example.com';
    const { token } = await invite(email);
    const check = await ctx.app.inject({ method: 'POST', url: '/admin/api/invites/check', payload: { token } });
    assert.deepEqual(check.json().data, { email, name: 'Ravi Kumar', role: 'support' });
    const accept = await ctx.app.inject({
      method: 'POST',
      url: '/admin/api/invites/accept',
      payload: { token, password: 'chosen password 1' },
    });
    assert.equal(accept.statusCode, 201, accept.body);
    assert.equal((await staffLogin(ctx.app, { email, password: 'chosen password 1' })).statusCode, 200);

    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/admin/api/invites/accept',
      payload: { token, password: 'another password 1' },
    });
    assert.equal(reused.statusCode, 409);
    assert.equal(reused.json().message, ADMIN_MESSAGES.inviteUsed);
    const again = await asStaff(ctx.app, owner, 'POST', '/admin/api/staff/invites', {
      email,
      name: 'R',
      role: 'staff',
    });
    assert.equal(again.statusCode, 409);
  });

  it('refuses an expired link and an unknown one', async () => {
    const { id, token } = await invite('late.invitee@example.com');
    await ctx.database.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.id, id));
    const expired = await ctx.app.inject({
      method: 'POST',
      url: '/admin/api/invites/accept',
      payload: { token, password: 'chosen password 1' },
    });
    assert.equal(expired.statusCode, 400);
    assert.equal(expired.json().message, ADMIN_MESSAGES.inviteExpired);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/admin/api/invites/accept',
      payload: { token: 'x'.repeat(43), password: 'chosen password 1' },
    });
    assert.equal(unknown.statusCode, 404);
  });
});

describe('audit log', () => {
  it('records writes with who, before and after, and never a secret', async () => {
    const member = await staffOfRole(ctx, 'support');
    await asStaff(ctx.app, owner, 'PATCH', `/admin/api/staff/${member.id}`, { role: 'staff' });
    const res = await asStaff(ctx.app, owner, 'GET', `/admin/api/audit?entity=staff&entityId=${member.id}`);
    const entries = res.json().data.rows as {
      action: string;
      actor: { email: string };
      before: { role: string };
      after: { role: string };
    }[];
    const update = entries.find((e) => e.action === 'staff.update')!;
    assert.equal(update.actor.email, owner.email);
    assert.equal(update.before.role, 'support');
    assert.equal(update.after.role, 'staff');
    assert.ok(entries.some((e) => e.action === 'staff.login'));

    await asStaff(ctx.app, member, 'POST', '/admin/api/auth/password', {
      currentPassword: member.password,
      newPassword: 'secret new pass 9',
    });
    const rows = await ctx.database.db.select().from(auditLog);
    const stored = JSON.stringify(rows);
    for (const secret of [member.password, 'secret new pass 9', 'password_hash', 'passwordHash', 'totpSecret']) {
      assert.ok(!stored.includes(secret), `audit log holds ${secret}`);
    }
  });

  it('is filtered by action', async () => {
    const res = await asStaff(ctx.app, owner, 'GET', '/admin/api/audit?action=staff.invite');
    const rows = res.json().data.rows as { action: string; after: { email: string } }[];
    assert.ok(rows.length >= 2);
    assert.ok(rows.every((e) => e.action === 'staff.invite'));
    assert.ok(rows.some((e) => e.after.email === 'ravi.invited@example.com'));
  });
});
