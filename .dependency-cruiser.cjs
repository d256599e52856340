/**
 * Import direction (STYLE.md §7): contract → features → routes; no feature reaching into another
 * feature; no cycles; the apps never import each other; data access never imports the HTTP layer.
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
      name: 'api-data-below-http',
      severity: 'error',
      comment:
        'Database code does not know about routes or plugins; seed steps may create content through module services (validation and sanitizing included), never through routes.',
      from: { path: '^apps/api/src/db/' },
      to: {
        path: '^apps/api/src/(modules|plugins|app\\.ts)',
        pathNot:
          '^apps/api/src/modules/[^/]+/[^/]+\\.service\\.ts$|^apps/api/src/modules/structure/tenant\\.ts$',
      },
    },
    {
      name: 'api-lib-is-shared',
      severity: 'error',
      from: { path: '^apps/api/src/lib/' },
      to: { path: '^apps/api/src/(modules|plugins)/' },
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
