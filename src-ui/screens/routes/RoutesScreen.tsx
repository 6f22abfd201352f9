/** Placeholder: the screen engineer replaces it. */
export default function RoutesScreen(_props: { tab?: 'new' | 'closed'; id?: string; shared?: boolean }) {
  return null;
}
