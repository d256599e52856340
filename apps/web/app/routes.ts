import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/*
 * Every page sits below the session layout (session read + route guard). Each page's guard is
 * declared in app/lib/route-access.ts; a unit test fails when a page here is missing there.
 */
export default [
  route('preferences/locale', 'routes/public/set-locale.ts'),
  layout('routes/session-layout.tsx', { id: 'session' }, [
    layout('routes/auth/auth-layout.tsx', [
      route('sign-in', 'routes/auth/sign-in.tsx'),
      route('register', 'routes/auth/register.tsx'),
      route('forgot-password', 'routes/auth/forgot-password.tsx'),
      route('register-organization', 'routes/auth/register-organization.tsx'),
    ]),
    route('admin', 'routes/admin/admin-layout.tsx', [
      index('routes/admin/home.tsx'),
      route('profile', 'routes/admin/profile.tsx'),
      route('profile/change-password', 'routes/admin/change-password.tsx'),
      route('staffs/list', 'routes/admin/staffs/staff-list.tsx'),
      route('staffs/list/create', 'routes/admin/staffs/staff-create.tsx'),
      route('staffs/list/:id/edit', 'routes/admin/staffs/staff-edit.tsx'),
      route('staffs/list/:id/detail', 'routes/admin/staffs/staff-detail.tsx'),
      route('staffs/role', 'routes/admin/staffs/role-list.tsx'),
      route('staffs/role/create', 'routes/admin/staffs/role-create.tsx'),
      route('staffs/role/:id/edit', 'routes/admin/staffs/role-edit.tsx'),
    ]),
    route('organization', 'routes/organization/organization-layout.tsx', [
      index('routes/organization/home.tsx'),
      route('profile', 'routes/organization/profile.tsx'),
    ]),
    // Pages that name no layout use the default one (seed-spec §2).
    layout('routes/default-layout.tsx', [
      index('routes/public/home.tsx'),
      route('profile', 'routes/account/profile.tsx'),
      route('profile/change-password', 'routes/account/change-password.tsx'),
      route('*', 'routes/public/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
