import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, createOrganizationStaff } from '../../../test/isolation/world';
import { multipartFile, PNG_1X1 } from '../../../test/multipart';

let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  harness = await createTestApp();
});

afterAll(async () => {
  await harness.close();
});

function upload(headers: Record<string, string>) {
  const body = multipartFile('file', 'logo.png', PNG_1X1);
  return harness.app.inject({
    method: 'POST',
    url: '/api/educator/media',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describe('the organization portal uploads its own media', () => {
  it("lets the owner upload a logo into the organization's media and save it on the profile", async () => {
    const organization = await createOrganization(harness.app);
    const uploaded = await upload(organization.asOwner);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const media = uploaded.json().result as { url: string; kind: string };
    expect(media.kind).toBe('image');

    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/educator/organization',
      headers: organization.asOwner,
      payload: { name: 'Trung tâm Ánh Sao', email: 'lienhe@anhsao.vn', logo_url: media.url, is_listed: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toMatchObject({ logo_url: media.url, is_listed: true });
    const image = await harness.app.inject({ method: 'GET', url: media.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // Another organization cannot use that upload as its logo.
    const other = await createOrganization(harness.app);
    const borrowed = await harness.app.inject({
      method: 'PUT',
      url: '/api/educator/organization',
      headers: other.asOwner,
      payload: { name: 'Trung tâm khác', email: 'lienhe@khac.vn', logo_url: media.url, is_listed: false },
    });
    expect(borrowed.statusCode).toBe(422);
    expect(borrowed.json().errors).toEqual({ logo_url: 'organization.invalid_logo' });
  });

  it('refuses a staff member whose role lacks create_question', async () => {
    const organization = await createOrganization(harness.app);
    const staff = await createOrganizationStaff(harness.app, organization.id, ['view_user']);
    expect((await upload(staff.headers)).statusCode).toBe(403);
  });
});
