import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './constants';
import { label } from './page-helpers';

let counter = 0;

/** A fresh address per call (the client validator wants a 2–3 letter domain suffix). */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@hocvien.vn`;
}

/**
 * Creates a learner through the API, as the register page would, and leaves the caller signed out again
 * (registering signs the new account in; a context sharing the page's cookies then signs in its own way).
 */
export async function registerLearner(
  request: APIRequestContext,
  email: string,
  password: string,
  fullName = 'Học Viên Thử',
) {
  const response = await request.post('/api/user/auth/register', {
    data: { full_name: fullName, email, password, password_confirmation: password },
  });
  expect(response.status()).toBe(200);
  expect((await response.json()).result.signed_in).toBe(true);
  expect((await request.post('/api/user/auth/logout', { data: {} })).status()).toBe(200);
}

/** Signs in through the sign-in page (the staff form when `staff`). */
export async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
  options: { staff?: boolean } = {},
) {
  await page.goto(options.staff ? '/sign-in?as=staff' : '/sign-in');
  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Mật khẩu')).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

export type DemoAccount = keyof typeof DEMO;

/** Where each demo account's sign-in form posts (staff sign in at /admin) and where it lands. */
const DEMO_SIGN_IN: Record<DemoAccount, { realm: 'admin' | 'user'; home: string }> = {
  admin: { realm: 'admin', home: '/admin' },
  staff: { realm: 'admin', home: '/admin' },
  teacher: { realm: 'user', home: '/organization' },
  learner: { realm: 'user', home: '/' },
};

/**
 * Signs a demo account in for a spec whose subject is not sign-in: the same API call the sign-in form
 * makes (its answer sets the same cookies in the page's browser context), without loading and filling the
 * form, then opens the account's home page (`/admin`, `/organization` or `/`). Each call opens a session of
 * its own, so specs running side by side never share (and rotate or revoke) one refresh token. Specs about
 * signing in use `signInThroughForm`.
 */
export async function signInAs(page: Page, account: DemoAccount) {
  const { realm, home } = DEMO_SIGN_IN[account];
  const response = await page.request.post(`/api/${realm}/auth/login`, {
    data: { email: DEMO[account], password: DEMO_PASSWORD },
  });
  expect(response.status(), `signing in as ${DEMO[account]}: ${await response.text()}`).toBe(200);
  await page.goto(home);
}

/**
 * Waits until the server refuses the context's access token (it has expired), asking the server itself
 * rather than sleeping a fixed time. The call carries the context's cookies and changes none of them.
 */
export async function waitForAccessTokenExpiry(request: APIRequestContext, realm: 'user' | 'admin' = 'user') {
  await expect
    .poll(async () => (await request.get(`/api/${realm}/auth/info`)).status(), {
      timeout: 20_000,
      message: 'the access token to expire',
    })
    .toBe(401);
}

/** Decodes the quoted-printable and base64 parts of a raw .eml well enough to search its text. */
function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  // A run of =XX escapes is UTF-8 bytes: decode the run as a whole, so Vietnamese letters come back.
  const quoted = unfolded.replace(/(?:=[0-9A-F]{2})+/gi, (run) =>
    Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
  );
  const base64Parts = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)].map((match) =>
    Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return [quoted, ...base64Parts].join('\n');
}

/**
 * The newest mail written for `recipient` under `${dataDir}/mail` (the API writes mail there when
 * no SMTP server is configured), polled until it arrives.
 */
export async function readLatestMail(dataDir: string, recipient: string, after = 0): Promise<string> {
  const folder = path.join(dataDir, 'mail');
  const safe = recipient.replace(/[^a-zA-Z0-9@._-]/g, '_');
  let found = '';
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(folder).filter((file) => file.endsWith(`-${safe}.eml`));
        } catch {
          return '';
        }
        const fresh = files.sort().filter((file) => {
          const stamp = file
            .slice(0, 24)
            .replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z.*$/, '$1:$2:$3.$4Z');
          return Date.parse(stamp) >= after;
        });
        const latest = fresh.at(-1);
        found = latest ? decodeMail(readFileSync(path.join(folder, latest), 'utf8')) : '';
        return found;
      },
      // Mails go out through the job queue: after a 30-row roster import, theirs come first.
      { timeout: 30_000, message: `a mail for ${recipient}` },
    )
    .not.toBe('');
  return found;
}

/** The 6-digit password-reset code of the newest mail for `recipient`. */
export async function readResetCode(dataDir: string, recipient: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mail = await readLatestMail(dataDir, recipient, after);
        code = /\b(\d{6})\b/.exec(mail)?.[1] ?? '';
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return code;
}
