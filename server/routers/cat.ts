import { router } from '../trpc.ts'

export const catRouter = router({})
