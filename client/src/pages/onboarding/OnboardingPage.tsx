/** Welcome to Kitty Care: built by its feature issue; until then the heading only. */
export function OnboardingPage() {
  return (
    <section className="card">
      <h1>Welcome to Kitty Care</h1>
    </section>
  )
}
