import type { CreateCatInput, UpdateCatInput } from '../../../shared/schemas/cat.ts'
import { UPLOAD_BODY_LIMIT } from '../../body-limits.ts'
import type { RestRoute } from '../adapter.ts'

// The body is validated by the procedure's own zod input; the casts only satisfy the compiler.
const body = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? value : {})

/** SPEC §7 rows served by the cat router. */
export const catRoutes: readonly RestRoute[] = [
  {
    method: 'GET',
    path: '/api/supabase/cats',
    call: (caller) => caller.cat.list(),
  },
  {
    method: 'POST',
    path: '/api/supabase/cats',
    call: (caller, req) => caller.cat.create(body(req.body) as CreateCatInput),
    bodyLimit: UPLOAD_BODY_LIMIT,
  },
  {
    method: 'GET',
    path: '/api/supabase/cats/:id',
    call: (caller, req) => caller.cat.get({ id: req.params.id ?? '' }),
  },
  {
    method: 'PUT',
    path: '/api/supabase/cats/:id',
    call: (caller, req) =>
      caller.cat.update({ ...(body(req.body) as UpdateCatInput), id: req.params.id ?? '' }),
    bodyLimit: UPLOAD_BODY_LIMIT,
  },
  {
    method: 'GET',
    path: '/api/supabase/cats/:id/photo',
    call: (caller, req) => caller.cat.photo({ id: req.params.id ?? '' }),
  },
  {
    method: 'POST',
    path: '/api/openai/recommendations',
    call: (caller, req) => caller.cat.recommendations(body(req.body) as CreateCatInput),
  },
]
