/**
 * Mail: the local outbox (real .eml files, logged with the code outside production), a real
 * SMTP round trip through smtp-server, and the code mails' content.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, mock, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { codeFrom, latestOutboxMail, readOutbox } from '../test/outbox';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { createMailer, OUTBOX_DIR_NAME, type Mailer } from './mail';
import { fillStoreName, passwordResetCodeMail, verificationCodeMail } from './mail-templates';

const FROM = 'Vastra <no-reply@vastra.test>';

type LogLine = { obj: Record<string, unknown>; msg?: string };

function fakeLogger() {
  const lines: LogLine[] = [];
  return { lines, info: (obj: object, msg?: string) => lines.push({ obj: obj as Record<string, unknown>, msg }) };
}

function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-mail-'));
}

function fromAddress(mail: ParsedMail): string | undefined {
  return mail.from?.value[0]?.address;
}

function toAddresses(mail: ParsedMail): string[] {
  const groups = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return groups.flatMap((g) => g.value.map((a) => a.address ?? ''));
}

const dirs: string[] = [];
after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function outboxMailer(env: string) {
  const dataDir = tempDataDir();
  dirs.push(dataDir);
  const logger = fakeLogger();
  const mailer = createMailer({ from: FROM, dataDir, env, logger });
  return { dataDir, logger, mailer };
}

describe('outbox (no SMTP_URL)', () => {
  test('writes a complete mail to <dataDir>/outbox and logs recipient, subject and code', async () => {
    const { dataDir, logger, mailer } = outboxMailer('development');
    assert.equal(mailer.kind, 'outbox');
    const content = verificationCodeMail({ name: 'Asha', code: '482913', minutesValid: 15 });
    await mailer.send({ to: 'asha@example.com', ...content }, { oneTimeCode: '482913' });

    const files = fs.readdirSync(path.join(dataDir, OUTBOX_DIR_NAME));
    assert.equal(files.length, 1);
    assert.match(files[0]!, /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}\.eml$/);

    const [mail] = await readOutbox(dataDir);
    assert.ok(mail);
    assert.equal(fromAddress(mail), 'no-reply@vastra.test');
    assert.equal(mail.from?.value[0]?.name, 'Vastra');
    assert.deepEqual(toAddresses(mail), ['asha@example.com']);
    assert.equal(mail.subject, 'Verify your email for Vastra');
    assert.ok(mail.messageId, 'has a Message-ID');
    assert.ok(mail.date, 'has a Date');
    assert.match(mail.text ?? '', /^482913$/m);
    assert.ok(typeof mail.html === 'string' && mail.html.includes('482913'));
    assert.equal(codeFrom(mail), '482913');

    assert.equal(logger.lines.length, 1);
    const [line] = logger.lines;
    assert.equal(line?.msg, 'Mail saved to the outbox');
    assert.equal(line?.obj.to, 'asha@example.com');
    assert.equal(line?.obj.subject, 'Verify your email for Vastra');
    assert.equal(line?.obj.oneTimeCode, '482913');
  });

  test('never logs the code in production', async () => {
    const { dataDir, logger, mailer } = outboxMailer('production');
    const content = passwordResetCodeMail({ name: 'Asha', code: '730155', minutesValid: 10 });
    await mailer.send({ to: 'asha@example.com', ...content }, { oneTimeCode: '730155' });

    assert.equal(codeFrom((await latestOutboxMail(dataDir, 'asha@example.com'))!), '730155', 'the mail has it');
    assert.equal(logger.lines.length, 1);
    assert.equal(logger.lines[0]?.obj.subject, 'Reset your Vastra password');
    assert.doesNotMatch(JSON.stringify(logger.lines), /730155/);
  });

  describe('order', () => {
    afterEach(() => mock.timers.reset());

    test('mails written in the same millisecond still read back in the order they were sent', async () => {
      const { dataDir, mailer } = outboxMailer('test');
      mock.timers.enable({ apis: ['Date'], now: new Date('2025-06-14T10:15:30.123Z') });
      const recipients = Array.from({ length: 12 }, (_, i) => `shopper${i}@example.com`);
      for (const to of recipients) {
        await mailer.send({ to, subject: `Mail for ${to}`, text: 'Hello', html: '<p>Hello</p>' });
      }
      mock.timers.reset();

      const mails = await readOutbox(dataDir);
      assert.deepEqual(
        mails.map((m) => toAddresses(m)[0]),
        recipients,
      );
      assert.equal((await latestOutboxMail(dataDir, 'SHOPPER3@example.com'))?.subject, 'Mail for shopper3@example.com');
      assert.equal(await latestOutboxMail(dataDir, 'nobody@example.com'), undefined);
    });

    test('latestOutboxMail is the newest mail to that address', async () => {
      const { dataDir, mailer } = outboxMailer('test');
      for (const code of ['111111', '222222', '333333']) {
        const content = verificationCodeMail({ name: 'Asha', code, minutesValid: 15 });
        await mailer.send({ to: 'asha@example.com', ...content });
        await mailer.send({
          to: 'ravi@example.com',
          ...verificationCodeMail({ name: 'Ravi', code: '999999', minutesValid: 15 }),
        });
      }
      assert.equal(codeFrom((await latestOutboxMail(dataDir, 'asha@example.com'))!), '333333');
    });
  });

  test('refuses a recipient that is more than one plain address, and writes nothing', async () => {
    const { dataDir, mailer } = outboxMailer('development');
    for (const to of ['victim@example.com, attacker@evil.test', 'Victim <victim@example.com>', 'not-an-address', '']) {
      await assert.rejects(
        mailer.send({ to, subject: 's', text: 't', html: '<p>t</p>' }),
        /one plain email address/,
        to,
      );
    }
    assert.deepEqual(await readOutbox(dataDir), []);
  });
});

describe('SMTP (SMTP_URL set)', () => {
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  const logger = fakeLogger();

  before(async () => {
    smtp = await startSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.url, from: FROM, dataDir: tempDataDir(), env: 'development', logger });
  });
  after(async () => {
    await mailer?.close();
    await smtp?.close();
  });

  test('delivers From, To, subject, text and HTML to the server; logs neither code nor address', async () => {
    assert.equal(mailer.kind, 'smtp');
    const content = verificationCodeMail({ name: 'Meera <b>', code: '905217', minutesValid: 15 });
    await mailer.send({ to: 'meera@example.com', ...content }, { oneTimeCode: '905217' });

    const mail = await smtp.waitForMail('Meera@Example.com');
    assert.equal(fromAddress(mail), 'no-reply@vastra.test');
    assert.deepEqual(toAddresses(mail), ['meera@example.com']);
    assert.equal(mail.subject, 'Verify your email for Vastra');
    assert.match(mail.text ?? '', /Meera <b>/);
    assert.ok(typeof mail.html === 'string');
    assert.match(mail.html, /Meera &lt;b&gt;/);
    assert.equal(codeFrom(mail), '905217');
    assert.equal(smtp.mails.length, 1);

    const logged = JSON.stringify(logger.lines);
    assert.doesNotMatch(logged, /905217/);
    assert.doesNotMatch(logged, /meera@example\.com/);
    assert.match(logged, /m\*\*\*@example\.com/);
  });

  test('waitForMail hands each mail out once, in order, and gives up after its timeout', async () => {
    for (const code of ['100001', '100002']) {
      await mailer.send({
        to: 'kabir@example.com',
        ...passwordResetCodeMail({ name: 'Kabir', code, minutesValid: 10 }),
      });
    }
    assert.equal(codeFrom(await smtp.waitForMail('kabir@example.com')), '100001');
    assert.equal(codeFrom(await smtp.waitForMail('kabir@example.com')), '100002');
    await assert.rejects(smtp.waitForMail('kabir@example.com', 200), /No mail to kabir@example.com within 200 ms/);
  });

  test('an unreachable server makes send reject', async () => {
    const gone = await startSmtpServer();
    await gone.close();
    const unreachable = createMailer({
      smtpUrl: gone.url,
      from: FROM,
      dataDir: tempDataDir(),
      env: 'development',
      logger,
    });
    await assert.rejects(
      unreachable.send({ to: 'asha@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
      /ECONNREFUSED/,
    );
    await unreachable.close();
  });
});

describe('code mails', () => {
  for (const [kind, build, subject] of [
    ['verification', verificationCodeMail, 'Verify your email for Vastra'],
    ['password reset', passwordResetCodeMail, 'Reset your Vastra password'],
  ] as const) {
    test(`${kind}: branded, code on its own line, validity and the ignore line, no code in the subject`, () => {
      // As the mailer sends it: the store's name (here the default) in place of STORE.
      const mail = fillStoreName(
        build({ name: '<img src=x onerror=alert(1)> Asha & "Co"', code: '048213', minutesValid: 15 }),
        'Vastra',
      );
      assert.equal(mail.subject, subject);
      assert.doesNotMatch(mail.subject, /\d/);

      assert.match(mail.text, /^048213$/m);
      assert.match(mail.text, /valid for 15 minutes/);
      assert.match(mail.text, /If you didn't ask for this, you can ignore this email\./);
      assert.match(mail.text, /Vastra · fashion for India/);

      assert.match(mail.html, /color:#8a1a42;">Vastra</);
      assert.match(mail.html, /monospace[^>]*>048213</);
      assert.match(mail.html, /valid for 15 minutes/);
      assert.match(mail.html, /If you didn&#39;t ask for this, you can ignore this email\./);
      assert.match(mail.html, /Vastra · fashion for India/);
      assert.doesNotMatch(mail.html, /<img/, 'the name is escaped');
      assert.match(mail.html, /&lt;img src=x onerror=alert\(1\)&gt; Asha &amp; &quot;Co&quot;/);
    });
  }

  test('one minute is singular', () => {
    assert.match(verificationCodeMail({ name: 'A', code: '123456', minutesValid: 1 }).text, /valid for 1 minute\./);
  });
});
