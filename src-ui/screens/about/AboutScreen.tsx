/** Placeholder: the screen engineer replaces it. */
export function AboutScreen(_props: { startAt?: 'reset' }) {
  return null;
}
