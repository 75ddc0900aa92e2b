/** Review Report: built by its feature issue; until then the heading only. */
export function ProgressPage() {
  return (
    <section className="card">
      <h1>Review Report</h1>
    </section>
  )
}
