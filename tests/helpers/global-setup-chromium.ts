import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium: every browser test file connects to it and opens its own contexts. */
    chromiumEndpoint: string
  }
}

/**
 * One Chromium for the whole browser run instead of one per test file: a file connects, opens its own
 * contexts (isolated cookies, storage and service workers) and disconnects, which closes them. Starting
 * a browser for each of sixty files cost more than the tests in many of them.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
