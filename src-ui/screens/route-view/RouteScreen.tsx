/**
 * /routes/{id} and /routes/single/{routeId}: the lazily loaded entry of the route view (src-ui/screens/route-view).
 * The id must be a route id; a shared link's page with anything else opens the link's own route.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useCore } from '../../app/core-context.tsx';
import { fallbackPath } from '../../app/paths.ts';
import { linkedRoutePath } from '../shared/navigation.ts';
import { RouteView } from './RouteView.tsx';

export interface RouteScreenProps {
  id: string;
  shared: boolean;
  /** The stop windows under this route's path (the route table's). */
  windows?: ReactNode;
}

export default function RouteScreen({ id, shared, windows }: RouteScreenProps) {
  useSignals();
  const { state } = useCore();
  const routeId = Number(id);
  if (Number.isInteger(routeId) && routeId > 0) {
    return <RouteView key={`${shared}-${routeId}`} routeId={routeId} shared={shared} windows={windows} />;
  }
  const session = state.session.value;
  if (session.status === 'loading') return null;
  if (shared && session.link) return <Redirect to={linkedRoutePath(session.link)} replace />;
  return <Redirect to={fallbackPath(session.driver !== null)} replace />;
}
