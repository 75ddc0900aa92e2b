/** Specialist Plan: built by its feature issue; until then the heading only. */
export function PaywallPage() {
  return (
    <section className="card">
      <h1>Specialist Plan</h1>
    </section>
  )
}
