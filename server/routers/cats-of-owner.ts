// The statement moved to server/domain/cats/cats-of-owner.ts; scripts/bench/baseline-pg.ts still reads it
// from this path (the benchmark is edited elsewhere), so the path stays until the benchmark follows.
export { CATS_OF_OWNER_SQL } from '../domain/cats/cats-of-owner.ts'
