// The layer linter (.dependency-cruiser.cjs, run by `npm run lint:layers` inside `npm run check`) is
// itself tested: on a small tree laid out like the repository, a cycle and each kind of breach make it
// exit non-zero and name the rule, and the imports the layers allow pass. It replaced the older test
// that only checked feature → feature imports (the rule client-features-independent now holds them).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = path.join(import.meta.dirname, '../..')
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs')
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')

/** A file per path, each importing the listed paths (relative to the tree's root). */
const TREE: Record<string, string[]> = {
  // Allowed: a page composes a feature, a feature uses a component, a hook and the data layer.
  'client/src/pages/home/HomePage.tsx': ['client/src/features/account/Notice.tsx'],
  'client/src/features/account/Notice.tsx': ['client/src/components/Box.tsx', 'client/src/trpc.ts'],
  'client/src/components/Box.tsx': ['client/src/hooks/useThing.ts'],
  'client/src/hooks/useThing.ts': ['client/src/storage.ts'],
  'client/src/trpc.ts': ['client/src/storage.ts'],
  'client/src/storage.ts': [],
  'server/routers/cat.ts': ['server/domain/cats/create.ts'],
  'server/domain/cats/create.ts': ['server/services/mail.ts', 'server/db.ts', 'shared/rules/a.ts'],
  'server/services/mail.ts': ['server/config.ts'],
  'server/config.ts': [],
  'server/db.ts': [],
  'server/context.ts': ['server/services/mail.ts'],
  // The HTTP plumbing is built on the routers (allowed); a router leaning on it is a breach (below).
  'server/http/photo-gate.ts': ['server/routers/cat.ts', 'server/context.ts'],
  // Breaches, one of each kind.
  'client/src/components/Header.tsx': ['client/src/features/account/Notice.tsx'],
  'client/src/hooks/useSync.ts': ['client/src/features/interview/calls.ts'],
  'client/src/features/interview/calls.ts': ['client/src/features/account/Notice.tsx'],
  'client/src/session.ts': ['client/src/hooks/useThing.ts'],
  'server/domain/cats/delete.ts': ['server/context.ts'],
  'server/services/push.ts': ['server/domain/cats/create.ts'],
  'shared/rules/leak.ts': ['server/db.ts'],
  'server/routers/photo.ts': ['server/http/photo-gate.ts'],
  // A cycle.
  'shared/rules/a.ts': ['shared/rules/b.ts'],
  'shared/rules/b.ts': ['shared/rules/a.ts'],
}

let tree = ''

beforeAll(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'))
  for (const [file, imports] of Object.entries(TREE)) {
    const full = path.join(tree, file)
    fs.mkdirSync(path.dirname(full), { recursive: true })
    const lines = imports.map((target, i) => {
      let specifier = path.relative(path.dirname(file), target)
      if (!specifier.startsWith('.')) specifier = `./${specifier}`
      return `import { x${i} } from '${specifier}'\nvoid x${i}`
    })
    fs.writeFileSync(full, `${lines.join('\n')}\nexport const x = 1\n`)
  }
  fs.writeFileSync(
    path.join(tree, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true },
    }),
  )
})

afterAll(() => fs.rmSync(tree, { recursive: true, force: true }))

function depcruise(outputType: 'json' | 'err') {
  return spawnSync(
    process.execPath,
    [DEPCRUISE, '--config', CONFIG, '--output-type', outputType, 'client', 'server', 'shared'],
    { cwd: tree, encoding: 'utf8', timeout: 60_000 },
  )
}

describe('the layer linter', () => {
  it('fails, naming the rule, on a cycle and on each layer breach, and lets the allowed imports through', () => {
    const run = depcruise('json')
    const result = JSON.parse(run.stdout) as {
      summary: { violations: { from: string; to: string; rule: { name: string } }[] }
    }
    const found = result.summary.violations.map(({ from, to, rule }) => `${rule.name}: ${from} → ${to}`)
    expect(found.sort()).toEqual(
      [
        'client-components-below-features: client/src/components/Header.tsx → client/src/features/account/Notice.tsx',
        'client-data-layer-at-the-bottom: client/src/session.ts → client/src/hooks/useThing.ts',
        'client-features-independent: client/src/features/interview/calls.ts → client/src/features/account/Notice.tsx',
        'client-hooks-below-components: client/src/hooks/useSync.ts → client/src/features/interview/calls.ts',
        'domain-below-routers: server/domain/cats/delete.ts → server/context.ts',
        'http-plumbing-above-routers: server/routers/photo.ts → server/http/photo-gate.ts',
        'no-circular: shared/rules/a.ts → shared/rules/b.ts',
        'services-below-domain: server/services/push.ts → server/domain/cats/create.ts',
        'shared-imports-only-shared: shared/rules/leak.ts → server/db.ts',
      ].sort(),
    )
  }, 60_000)

  it('exits non-zero, so `npm run check` stops', () => {
    const run = depcruise('err')
    expect(run.status).not.toBe(0)
    expect(run.stdout).toContain('no-circular')
  }, 60_000)
})
