/**
 * The stop list's last row (spec section 2): Complete route, or "Route completed!" once the route is finished. The
 * button looks ready only when every stop is done; tapped earlier it says why not (RouteActions.tsx).
 */
import { CircleCheck, Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/index.ts';
import { useSnackbarGuard } from '../../components/snackbar-guard.ts';
import { useRouteActions } from './RouteActions.tsx';
import styles from './stop-list.module.css';

export function CompleteRouteRow({ finished, ready }: { finished: boolean; ready: boolean }) {
  const { t } = useTranslation();
  const actions = useRouteActions();
  const guard = useSnackbarGuard();
  if (finished) {
    return (
      // Read when the route ends: "You've completed your route!" rises above it, never over it.
      <p ref={guard} className={styles.completed} role="status">
        <CircleCheck size={28} strokeWidth={2.25} aria-hidden="true" />
        {t('route.routeCompleted')}
      </p>
    );
  }
  return (
    <Button
      ref={guard}
      variant={ready ? 'primary' : 'secondary'}
      fullWidth
      icon={<Flag size={22} strokeWidth={2.25} aria-hidden="true" />}
      onClick={actions.complete}
    >
      {t('route.actions.completeRoute')}
    </Button>
  );
}
