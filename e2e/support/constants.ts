/** The Google OAuth client id the short-token e2e server is configured with. */
export const E2E_GOOGLE_CLIENT_ID = 'prepwise-e2e.apps.googleusercontent.com';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO = {
  admin: 'admin@prepwise.vn',
  staff: 'staff@prepwise.vn',
  teacher: 'teacher@prepwise.vn',
  learner: 'learner@prepwise.vn',
} as const;
