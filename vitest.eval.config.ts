import { defineConfig } from 'vitest/config'

// `npm run eval`: the dev and held-out cases (tests/eval/dev, tests/eval/holdout; EVAL_SPLIT picks one)
// through the real chat path, against whichever assistant is configured (OPENAI_BASE_URL and OPENAI_API_KEY),
// the offline specialist when none is, or the OpenAI test double (never escalates) with EVAL_ASSISTANT=double.
export default defineConfig({
  test: {
    include: ['tests/eval/**/*.eval.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup-db.ts'],
    // The dev split alone is over 3,000 cases: about ten minutes on a quiet machine, more on a shared one.
    testTimeout: 2_400_000,
    hookTimeout: 120_000,
  },
})
