/** Edit Profile: built by its feature issue; until then the heading only. */
export function CatProfilePage() {
  return (
    <section className="card">
      <h1>Edit Profile</h1>
    </section>
  )
}
