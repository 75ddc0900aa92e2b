/** Sign in: built by its feature issue; until then the heading only. */
export function LoginPage() {
  return (
    <section className="card">
      <h1>Sign in</h1>
    </section>
  )
}
