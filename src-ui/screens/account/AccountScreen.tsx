/** Placeholder: the screen engineer replaces it. */
export function AccountScreen(_props: { startAt?: 'reset' }) {
  return null;
}
