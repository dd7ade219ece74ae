// The import rules of the code base (docs/decisions/0016-module-boundaries.md), checked in the
// normal Vitest run by server/architecture.test.ts; `npx depcruise server web common` shows the
// same report. Severity 'error' fails the test, 'warn' is reported only.

/**
 * The server modules (folders of server/modules/), lowest first. A module may import the
 * modules of the layers below its own, never one of its own layer or above: the imports run one
 * way, so there can be no cycle between modules. registry.ts lists them in this order.
 */
const LAYERS = [
  ['activity', 'tenancy'],
  ['auth', 'roles', 'notifications', 'realtime', 'attachments', 'media', 'accounting', 'platform'],
  ['users', 'profile', 'ledger', 'outreach', 'payments', 'api-tokens'],
  ['banking'],
  ['accounting-settings'],
  ['documents', 'company-settings'],
  ['reports', 'wallet', 'quotes'],
  // e-mail templates sit beside the delivery engine, below the channels: the `email` module's sends render them
  ['delivery', 'email-templates'],
  ['sms', 'airtime', 'email'],
  ['cms', 'campaigns', 'chat', 'mailbox'],
  ['rsvp', 'workflows', 'surveys'],
  // plans and subscriptions: bill through payments, grant the wallet's credits, send trial codes by SMS, count every area's usage
  ['subscriptions'],
  ['dashboard'],
];

const either = (names) => `(${names.join('|')})`;

const moduleOrder = LAYERS.flatMap((layer, i) =>
  layer.map((name) => ({
    name: 'module-order',
    severity: 'error',
    comment: `${name} may import only the modules of the layers below its own (docs/decisions/0016).`,
    // tests arrange their data through any module: they run against the whole app anyway
    from: { path: `^server/modules/${name}/`, pathNot: '\\.test\\.ts$' },
    to: { path: `^server/modules/${either(LAYERS.slice(i).flat().filter((other) => other !== name))}/` },
  })),
);

module.exports = {
  forbidden: [
    ...moduleOrder,
    {
      name: 'module-not-in-layers',
      severity: 'error',
      comment: 'A new folder under server/modules/ takes its place in LAYERS (and in registry.ts).',
      from: { path: '^server/modules/[^/]+/', pathNot: `^server/modules/${either(LAYERS.flat())}/` },
      to: {},
    },
    {
      name: 'module-kit-below-areas',
      severity: 'error',
      comment: 'kazi-module.ts (what a module hands over) is below every module: each one imports it.',
      from: { path: '^server/modules/kazi-module\\.ts$' },
      to: { path: '^server/modules/[^/]+/' },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import circle between files of the modules and the database layer.',
      from: { path: '^server/(modules|db)/' },
      to: { circular: true, viaOnly: { path: '^server/(modules|db)/' } },
    },
    {
      name: 'web-not-to-server',
      severity: 'error',
      comment: 'The pages run in the browser: they share code with the server only through common/.',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'page-not-to-other-page',
      severity: 'error',
      comment:
        "A page (web/pages/<Group>/…) never imports another group's files: what two groups share goes to the kit (web/components/) or to the area's folder (web/features/<area>/).",
      from: { path: '^web/pages/([^/.]+)' },
      to: { path: '^web/pages/', pathNot: '^web/pages/$1[/.]' },
    },
    {
      name: 'kit-not-to-areas',
      severity: 'error',
      comment:
        'The kit (web/components/) is generic and area-free: it never imports area UI (web/features/) or a page; neither do the layouts, web/lib and web/store beside it.',
      from: { path: '^web/(components|layouts|lib|store)/' },
      to: { path: '^web/(features|pages)/' },
    },
    {
      name: 'area-not-to-page',
      severity: 'error',
      comment: 'Area UI (web/features/<area>/) serves the pages and never imports one: every .tsx under web/pages/ is an Inertia page.',
      from: { path: '^web/features/' },
      to: { path: '^web/pages/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|public|data)/' },
    // type-only imports count: a circle of types is still a knot to read
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};

// For server/architecture.test.ts (registry order); not enumerable, so the CLI's check of the
// configuration, which allows no keys of its own, does not see it.
Object.defineProperty(module.exports, 'LAYERS', { value: LAYERS, enumerable: false });
