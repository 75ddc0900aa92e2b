/** Interview: built by its feature issue; until then the heading only. */
export function InterviewPage() {
  return (
    <section className="card">
      <h1>Interview</h1>
    </section>
  )
}
