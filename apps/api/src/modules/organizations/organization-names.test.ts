import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, uniqueEmail } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization } from '../../../test/isolation/world';
import { startMailbox } from '../../../test/mailbox';
import { organizations } from '../../db/schema';

/**
 * Issue 26: no centre may take a name that reads like another's in the public directory — when it applies,
 * when it renames itself in the portal, or when the admin creates or renames it.
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let asAdmin: Record<string, string>;

beforeAll(async () => {
  mailbox = await startMailbox();
  harness = await createTestApp({ env: { SMTP_URL: mailbox.url } });
  await harness.app.ready();
  await harness.app.jobs.start();
  const admin = await createAccount(harness.database.db, { scope: 'admin', isAdmin: true });
  asAdmin = await authHeader(harness.app, admin, 'admin');
});
afterAll(async () => {
  await harness.close();
  await mailbox.close();
});

const PASSWORD = 'Trung-tam-2026';
const apply = (name: string) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/public/organizations/register',
    payload: {
      organization: { name, email: uniqueEmail('academy') },
      owner: {
        full_name: 'Võ Minh Tuấn',
        email: uniqueEmail('applicant'),
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    },
  });

const nameTaken = (field = 'name') => ({
  statusCode: 409,
  key: 'CONFLICT',
  errors: { [field]: 'organization.name_taken' },
});

describe('organization names read alike nowhere in the directory (issue 26)', () => {
  it('refuses an application whose name is another centre’s after case, marks, spacing, punctuation and look-alikes', async () => {
    await createOrganization(harness.app, { name: 'Trung tâm Anh ngữ Sao Việt Mới' });
    const lookAlikes = [
      'Trung tâm Anh ngữ Sao Việt Mới', // the same
      'TRUNG TÂM ANH NGỮ SAO VIỆT MỚI', // case
      'Trung tam Anh ngu Sao Viet Moi', // Vietnamese marks folded
      'Trung  tâm   Anh-ngữ. Sao Việt, Mới!', // spaces and punctuation
      'Ｔｒｕｎｇ ｔâｍ Ａｎｈ ｎｇữ Ｓａｏ Ｖｉệｔ Ｍớｉ', // full-width (NFKC)
      'Trung tâm Аnh ngữ Sао Việt Mới', // Cyrillic А, а, о
      'Trung tâm Anh ngữ Sa0 Vlệt Mớ1', // 0/O, l/i, 1/i
      'Trung tâm Anh ngữ Sao V\u0131ệt Mới', // dotless i
      'Trung tâm Anh ngữ Sao Vie\u0302\u0323t Mơ\u0301i', // decomposed marks
      'Trung\u200btâm Anh ngữ Sao Việt Mới', // a zero-width space
    ];
    for (const name of lookAlikes) {
      const response = await apply(name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(409);
      expect(response.json()).toMatchObject(nameTaken('organization.name'));
    }
    // A different centre is welcome.
    const welcome = await apply('Trung tâm Anh ngữ Sao Việt Cũ');
    expect(welcome.statusCode, welcome.body).toBe(202);
  });

  it('refuses a look-alike when the admin creates or renames a centre, and when a centre renames itself', async () => {
    const original = await createOrganization(harness.app, { name: 'Học viện Hoa Sen Xanh' });
    const other = await createOrganization(harness.app, { name: 'Học viện Trúc Xanh' });

    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/organizations',
      headers: asAdmin,
      payload: {
        name: 'hoc vien hoa sen xanh',
        email: uniqueEmail('centre'),
        owner: {
          full_name: 'Phạm Thu Trang',
          email: uniqueEmail('owner'),
          password: PASSWORD,
          password_confirmation: PASSWORD,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(409);
    expect(created.json()).toMatchObject(nameTaken());

    const renamedByAdmin = await harness.app.inject({
      method: 'PUT',
      url: `/api/admin/organizations/${other.id}`,
      headers: asAdmin,
      payload: { name: 'Học Viện HOA-SEN Xаnh', email: uniqueEmail('centre'), slug: other.slug },
    });
    expect(renamedByAdmin.statusCode, renamedByAdmin.body).toBe(409);
    expect(renamedByAdmin.json()).toMatchObject(nameTaken());

    const renamedByItself = await harness.app.inject({
      method: 'PUT',
      url: '/api/educator/organization',
      headers: other.asOwner,
      payload: {
        name: 'Hoc vien Hoa Sen Xanh',
        email: uniqueEmail('centre'),
        logo_url: null,
        is_listed: true,
      },
    });
    expect(renamedByItself.statusCode, renamedByItself.body).toBe(409);
    expect(renamedByItself.json()).toMatchObject(nameTaken());

    // Saving its own name again, or another spelling of it, is not a clash with itself.
    const kept = await harness.app.inject({
      method: 'PUT',
      url: '/api/educator/organization',
      headers: original.asOwner,
      payload: {
        name: 'HỌC VIỆN HOA SEN XANH',
        email: uniqueEmail('centre'),
        logo_url: null,
        is_listed: true,
      },
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('is held by the database too: a look-alike written past the API breaks the unique name key', async () => {
    await createOrganization(harness.app, { name: 'Trung tâm Bình Minh Sáng' });
    await expect(createOrganization(harness.app, { name: 'TRUNG TAM BINH MINH SANG' })).rejects.toThrow();
    const [row] = await harness.database.db
      .select({ key: organizations.nameKey })
      .from(organizations)
      .where(eq(organizations.name, 'Trung tâm Bình Minh Sáng'));
    // Folded, i read as l, spaces gone.
    expect(row?.key).toBe('trungtamblnhmlnhsang');
  });

  it('lets one of two look-alike applications sent at once win; the other gets the 409, never a 500', async () => {
    const answers = await Promise.all([
      apply('Trung tâm Ngoại ngữ Đồng Thời'),
      apply('TRUNG TÂM NGOẠI NGỮ ĐỒNG THỜI'),
      apply('Trung tam Ngoai ngu Dong Thoi'),
      apply('Trung tâm Ngoại ngữ Đồng Thờ1'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject(nameTaken('organization.name'));
    }
    const result = await harness.database.executeSql(
      'select count(*)::int as count from organizations where name_key = organization_name_key($1)',
      ['Trung tam Ngoai ngu Dong Thoi'],
    );
    expect(result.rows).toEqual([{ count: 1 }]);
  });
});
