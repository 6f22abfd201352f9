/** Placeholder: the screen engineer replaces it. */
export function SettingsScreen(_props: { startAt?: 'reset' }) {
  return null;
}
