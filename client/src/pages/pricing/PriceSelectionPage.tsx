/** Choose your plan: built by its feature issue; until then the heading only. */
export function PriceSelectionPage() {
  return (
    <section className="card">
      <h1>Choose your plan</h1>
    </section>
  )
}
