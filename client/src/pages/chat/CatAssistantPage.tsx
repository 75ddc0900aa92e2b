/** Chat with Expert: built by its feature issue; until then the heading only. */
export function CatAssistantPage() {
  return (
    <section className="card">
      <h1>Chat with Expert</h1>
    </section>
  )
}
