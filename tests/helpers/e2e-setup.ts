// Set-up of every browser test file: an uncaught error in a page fails the test it happened in.
import { afterEach } from 'vitest'
import { expectNoPageErrors } from './browser.ts'

afterEach(() => {
  expectNoPageErrors()
})
