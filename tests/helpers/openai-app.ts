// An app whose specialist is an OpenAI-compatible model, served by the local double
// (tests/doubles/openai-server.ts).
import { type OpenAiDouble, type OpenAiDoubleOptions, startOpenAiDouble } from '../doubles/openai-server.ts'
import { createTestApp, suiteAppWithDouble, type TestApp } from './app.ts'

/**
 * An OpenAI double (with `double` options) and a test app pointed at it (OPENAI_API_KEY and
 * OPENAI_BASE_URL; `env` adds or replaces settings) for the file or describe block; both stop after
 * its tests.
 */
export function suiteOpenAiApp(
  options: { double?: OpenAiDoubleOptions; env?: Record<string, string> } = {},
): { t: TestApp; readonly double: OpenAiDouble } {
  return suiteAppWithDouble(
    () => startOpenAiDouble(options.double),
    (double) =>
      createTestApp({ env: { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: double.url, ...options.env } }),
  )
}
