import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLIENT_PATHS, isClientPath, OPERATOR_PATHS } from '../../shared/client-paths.ts'

const APP = fs.readFileSync(path.join(import.meta.dirname, '../../client/src/App.tsx'), 'utf8')

describe('client paths the server answers with 200', () => {
  it('are exactly the routes the client declares (besides the catch-all and the operators’ pages)', () => {
    const declared = [...APP.matchAll(/path: '([^']+)'/g)].map((m) => m[1]).filter((p) => p !== '*')
    // The one route with a parameter, a situation of the first-aid guide, is FIRST_AID_SITUATION_PATH.
    expect(declared).toContain('/first-aid/:id')
    const fixed = declared.filter((p) => p !== '/first-aid/:id')
    expect([...fixed].sort()).toEqual([...CLIENT_PATHS, ...OPERATOR_PATHS].sort())
    for (const path of OPERATOR_PATHS) expect(isClientPath(path)).toBe(false)
  })

  it('match as React Router does: any case, with or without a trailing slash', () => {
    expect(isClientPath('/')).toBe(true)
    expect(isClientPath('/paymentform')).toBe(true)
    expect(isClientPath('/Login/')).toBe(true)
    expect(isClientPath('/login/x')).toBe(false)
    expect(isClientPath('/nope')).toBe(false)
    // The first-aid guide's situation pages (docs/first-aid.md), one path segment of its ids' letters.
    expect(isClientPath('/first-aid')).toBe(true)
    expect(isClientPath('/first-aid/heatstroke')).toBe(true)
    expect(isClientPath('/first-aid/card')).toBe(true)
    expect(isClientPath('/first-aid/heat/stroke')).toBe(false)
    expect(isClientPath('/first-aid/<script>')).toBe(false)
    expect(isClientPath('//')).toBe(true)
  })
})
