// A piece of the worker's periodic work (the care sweep, the unsent photo clean-up): run now in the
// background (start-up is not held up), then every `intervalMs`, never two runs of it at once in this
// process. `run` starts one now, or joins the one under way (tests, after moving time in the database);
// `stop` clears the timer and waits for a run under way. `work` reports its own failures: the next run retries.
export function startPeriodic(work: () => Promise<void>, intervalMs: number) {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= work().finally(() => {
      running = null
    })
    return running
  }
  const timer = setInterval(() => void run(), intervalMs)
  timer.unref()
  void run()
  return {
    run,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
