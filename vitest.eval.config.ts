import { defineConfig } from 'vitest/config'

// `npm run eval`: the function pass over every dev and held-out case (tests/eval/triage.eval.ts, seconds), and
// a fixed sample through the real chat path (tests/eval/specialist.eval.ts) against whichever assistant is
// configured (OPENAI_BASE_URL and OPENAI_API_KEY), the offline specialist when none is, or the OpenAI test
// double (never escalates) with EVAL_ASSISTANT=double; EVAL_SPLIT picks one split (docs/testing.md).
export default defineConfig({
  test: {
    include: ['tests/eval/**/*.eval.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup-db.ts'],
    // The sample takes about a minute; EVAL_SAMPLE=all (every case over HTTP) some ten minutes or more.
    testTimeout: 2_400_000,
    hookTimeout: 120_000,
  },
})
