/** The signed-in sidebar (SPEC §2 Layout) is built by the accounts work; nothing shows until then. */
export function Sidebar() {
  return null
}
