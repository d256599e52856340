import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  route('preferences/locale', 'routes/public/set-locale.ts'),
  // Pages that name no layout use the default one (seed-spec §2).
  layout('routes/default-layout.tsx', [
    index('routes/public/home.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
] satisfies RouteConfig;
