/** Placeholder: the screen engineer replaces it. */
export function LoginScreen(_props: { startAt?: 'reset' }) {
  return null;
}
