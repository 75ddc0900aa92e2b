/** Terms of Use: built by its feature issue; until then the heading only. */
export function TermsPage() {
  return (
    <section className="card">
      <h1>Terms of Use</h1>
    </section>
  )
}
