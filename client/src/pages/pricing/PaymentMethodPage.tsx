/** Payment method: built by its feature issue; until then the heading only. */
export function PaymentMethodPage() {
  return (
    <section className="card">
      <h1>Payment method</h1>
    </section>
  )
}
