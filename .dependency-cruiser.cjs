// The layers of the README's "Where things are", held by a linter (`npm run lint:layers`, in `npm run check`).
// Each rule names the layer it protects and why; tests/unit/layers-lint.test.ts proves a breach fails.
//
//   client:  app shell (main.tsx, App.tsx, Layout.tsx) → pages → features → components → hooks → data layer
//   server:  main/app, http/ (the plumbing), trpc/rest → routers → domain → services → db, errors, config, knowledge
//   shared:  imports nothing but itself (it runs on both sides)

/** The client's data layer: the loose files of client/src except the app shell. */
const CLIENT_DATA = '^client/src/[^/]+\\.tsx?$'
const CLIENT_SHELL = '^client/src/(main|App|Layout)\\.tsx$'
/** What every server layer may lean on: the database, the coded errors, configuration, reviewed data. */
const SERVER_FOUNDATION = '^server/(db|errors|config|logger|paths)\\.ts$|^server/(generated|knowledge)/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes two files one unit that neither can be read, tested or moved without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-only-shared',
      severity: 'error',
      comment: 'shared/ runs on both sides with no I/O: it imports only shared/ and packages.',
      from: { path: '^shared/' },
      to: { path: '^(client|server|scripts|tests|prisma)/' },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    {
      name: 'client-only-router-types',
      severity: 'error',
      comment: 'The client knows the server only as the AppRouter type (tRPC inference), never its code.',
      from: { path: '^client/' },
      to: { path: '^server/', pathNot: '^server/routers/index\\.ts$' },
    },
    {
      name: 'client-router-types-only',
      severity: 'error',
      comment: 'The AppRouter import is a type: no server code may end up in the browser bundle.',
      from: { path: '^client/' },
      to: { path: '^server/routers/index\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    // --- client layers ---
    {
      name: 'client-features-below-pages',
      severity: 'error',
      from: { path: '^client/src/features/' },
      to: { path: '^client/src/pages/|' + CLIENT_SHELL },
    },
    {
      name: 'client-features-independent',
      severity: 'error',
      comment: 'A feature is composed by pages; two features meet in a page, never in each other.',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'client-components-below-features',
      severity: 'error',
      from: { path: '^client/src/components/' },
      to: { path: '^client/src/(pages|features)/|' + CLIENT_SHELL },
    },
    {
      name: 'client-hooks-below-components',
      severity: 'error',
      from: { path: '^client/src/hooks/' },
      to: { path: '^client/src/(pages|features|components)/|' + CLIENT_SHELL },
    },
    {
      name: 'client-data-layer-at-the-bottom',
      severity: 'error',
      from: { path: CLIENT_DATA, pathNot: CLIENT_SHELL },
      to: { path: '^client/src/(pages|features|components|hooks)/|' + CLIENT_SHELL },
    },
    // --- server layers ---
    {
      name: 'domain-below-routers',
      severity: 'error',
      comment:
        'The domain is functions of plain inputs: it knows services and the database, not HTTP or tRPC.',
      from: { path: '^server/domain/' },
      to: { path: '^server/', pathNot: '^server/(domain|services)/|' + SERVER_FOUNDATION },
    },
    {
      name: 'services-below-domain',
      severity: 'error',
      comment:
        'Services are the outside world behind small interfaces; business rules call them, not the reverse.',
      // One known exception: the offline assistant stands in for a model and asks the domain's pure triage
      // and cat-name rules what a model would read in its prompt (docs/triage.md).
      from: { path: '^server/services/', pathNot: '^server/services/assistant/offline/' },
      to: { path: '^server/', pathNot: `^server/services/|${SERVER_FOUNDATION}` },
    },
    {
      name: 'offline-assistant-reads-only-pure-rules',
      severity: 'error',
      from: { path: '^server/services/assistant/offline/' },
      to: {
        path: '^server/',
        pathNot: `^server/services/|^server/domain/(chat/(triage|cat-reference)|triage)/?|${SERVER_FOUNDATION}`,
      },
    },
    {
      name: 'foundation-at-the-bottom',
      severity: 'error',
      comment: "config.ts takes the HTTP timeouts' defaults from http/http-limits.ts (the runtime contract).",
      from: { path: SERVER_FOUNDATION },
      to: { path: '^server/', pathNot: `${SERVER_FOUNDATION}|^server/http/http-limits\\.ts$` },
    },
    {
      name: 'http-limits-imports-nothing',
      severity: 'error',
      from: { path: '^server/http/http-limits\\.ts$' },
      to: { path: '^server/', pathNot: SERVER_FOUNDATION },
    },
    {
      name: 'jobs-call-the-domain',
      severity: 'error',
      comment: 'A job runs the domain on a schedule; it never goes through a router or the HTTP surface.',
      from: { path: '^server/jobs/' },
      to: { path: '^server/', pathNot: '^server/(jobs|domain|services)/|' + SERVER_FOUNDATION },
    },
    {
      name: 'routers-below-the-surfaces',
      severity: 'error',
      comment: 'Routers declare procedures; the REST adapter and the app are built from them.',
      from: { path: '^server/routers/' },
      to: {
        path: '^server/(app|main)\\.ts$|^server/rest/(adapter|openapi|docs)\\.ts$',
      },
    },
    {
      name: 'http-plumbing-above-routers',
      severity: 'error',
      comment:
        'server/http/ is the HTTP plumbing (Fastify hooks and limits, the /trpc handler, the photo gate, the ' +
        'static client), built on the routers: neither they nor what they stand on may lean on it.',
      from: {
        path: '^server/(routers|domain|services|jobs|knowledge)/|^server/(trpc|context)\\.ts$|^server/rest/meta\\.ts$',
      },
      to: { path: '^server/http/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^server/generated/|^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
