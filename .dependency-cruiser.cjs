/**
 * Import direction (STYLE.md §7): contract → features → routes; no feature reaching into another
 * feature; no cycles; the apps never import each other; data access never imports the HTTP layer.
 * The API in layers: lib/ and db/ → plugins/ → http/ and tenancy/ (kits) → modules/ (a module uses another
 * through its services, never its routes) → seed/ and app.ts.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Cycles make load order and reasoning fragile.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment: 'packages/contract is imported by both apps and imports neither.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-are-separate',
      severity: 'error',
      comment: 'The API and the web app share code only through packages/contract.',
      from: { path: '^apps/(api|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-features-not-routes',
      severity: 'error',
      comment: 'Features are composed by routes, never the other way round.',
      from: { path: '^apps/web/app/features/' },
      to: { path: '^apps/web/app/routes/' },
    },
    {
      name: 'web-shared-not-features',
      severity: 'error',
      comment:
        "Shared components and lib sit below features and routes; only the features' page manifests (plain data) are read by lib (the route table, guards and menus, issue 27).",
      from: { path: '^apps/web/app/(components|lib)/' },
      to: {
        path: '^apps/web/app/(features|routes)/',
        pathNot: '^apps/web/app/features/[^/]+/pages\\.ts$',
      },
    },
    {
      name: 'web-page-manifests-are-data',
      severity: 'error',
      comment:
        'A page manifest (features/<feature>/pages.ts) is read by the route guard on every page and by the routes.ts generator: it imports only the manifest types and the contract.',
      from: { path: '^apps/web/app/features/[^/]+/pages\\.ts$' },
      to: { pathNot: ['^apps/web/app/lib/page-manifest\\.ts$', '^packages/contract/'] },
    },
    {
      name: 'web-feature-isolation',
      severity: 'error',
      comment: 'A feature may use another feature only through its index (public API).',
      from: { path: '^apps/web/app/features/([^/]+)/' },
      to: {
        path: '^apps/web/app/features/([^/]+)/.+',
        pathNot: ['^apps/web/app/features/$1/', '/index\\.tsx?$'],
      },
    },
    {
      name: 'api-kits-below-modules',
      severity: 'error',
      comment:
        'The API in layers: db/, lib/, plugins/, http/ (reply, multipart, CRUD kits) and tenancy/ (whose rows a request works on) sit below the modules and never import them, the seed steps, app.ts or server.ts. Seed steps (seed/) are composed like app.ts: they may use module services.',
      from: { path: '^apps/api/src/(db|lib|plugins|http|tenancy|config\\.ts)' },
      to: { path: '^apps/api/src/(modules|seed)/|^apps/api/src/(app|server)\\.ts$' },
    },
    {
      name: 'api-data-below-http',
      severity: 'error',
      comment: 'Database code and lib/ know nothing of requests: no plugins, http/ or tenancy/ kits.',
      from: { path: '^apps/api/src/(db|lib)/' },
      to: { path: '^apps/api/src/(plugins|http|tenancy)/' },
    },
    {
      name: 'api-module-not-other-routes',
      severity: 'error',
      comment:
        'A module uses another module through its services (and shared helpers), never its routes: what two route files share belongs in http/ or tenancy/. Only app.ts composes routes.',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: '^apps/api/src/modules/([^/]+)/.+\\.routes\\.ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'api-seed-through-services',
      severity: 'error',
      comment:
        'Seed steps create content through module services (validation and sanitizing included), never through routes.',
      from: { path: '^apps/api/src/seed/' },
      to: { path: '^apps/api/src/modules/.+\\.routes\\.ts$|^apps/api/src/(app|server)\\.ts$' },
    },
    {
      name: 'api-modules-not-seed',
      severity: 'error',
      comment: 'Production module code does not depend on the seed (tests may use seed steps as fixtures).',
      from: { path: '^apps/api/src/modules/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/seed/' },
    },
    {
      name: 'production-code-not-test-code',
      severity: 'error',
      from: { path: '^apps/[^/]+/(src|app)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '(\\.test\\.tsx?$|^apps/api/test/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/build/|/dist/|\\.react-router/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
