import { expect } from 'vitest';
import { defineCases } from './world';

/** The portal's own endpoints: the organization's profile, its dashboard and its uploads. */
export default defineCases([
  // Multipart upload (tested for real in media.test.ts); the guard answers before the body is read.
  { method: 'POST', url: '/api/educator/media' },
  {
    method: 'GET',
    url: '/api/educator/organization',
    leaks: (world, _params, body) => {
      expect((body as { result: { id: string } }).result.id).toBe(world.orgB.id);
    },
  },
  {
    method: 'PUT',
    url: '/api/educator/organization',
    body: () => ({ name: 'Trung tâm đổi tên', email: 'lienhe@example.vn', is_listed: true }),
  },
  {
    method: 'GET',
    url: '/api/educator/dashboard',
    leaks: (world, _params, body) => {
      expect((body as { result: { organization: { id: string } } }).result.organization.id).toBe(
        world.orgB.id,
      );
    },
  },
]);
