/** What's Your Cat's Gender?: built by its feature issue; until then the heading only. */
export function ShortQuizPage() {
  return (
    <section className="card">
      <h1>What's Your Cat's Gender?</h1>
    </section>
  )
}
