/** Dashboard: built by its feature issue; until then the heading only. */
export function DashboardPage() {
  return (
    <section className="card">
      <h1>Dashboard</h1>
    </section>
  )
}
