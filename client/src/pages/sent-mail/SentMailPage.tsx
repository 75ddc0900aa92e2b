/** Email Sent: built by its feature issue; until then the heading only. */
export function SentMailPage() {
  return (
    <section className="card">
      <h1>Email Sent</h1>
    </section>
  )
}
