import { execSync } from 'node:child_process'

/** Browser tests run against the built client, as users get it. */
export default function setup() {
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' })
}
