/** Sign up: built by its feature issue; until then the heading only. */
export function SignupPage() {
  return (
    <section className="card">
      <h1>Sign up</h1>
    </section>
  )
}
