/** Privacy Policy: built by its feature issue; until then the heading only. */
export function PrivacyPage() {
  return (
    <section className="card">
      <h1>Privacy Policy</h1>
    </section>
  )
}
