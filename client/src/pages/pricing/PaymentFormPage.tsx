/** Payment: built by its feature issue; until then the heading only. */
export function PaymentFormPage() {
  return (
    <section className="card">
      <h1>Payment</h1>
    </section>
  )
}
