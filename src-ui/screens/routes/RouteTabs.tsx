/**
 * New and Closed: real links (/routes, /routes/closed) drawn and announced as tabs. The current one has
 * aria-selected; arrow keys, Home and End move between them (and open the tab), as a tab list does.
 */
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { RouteTab } from '../../../src-shared/domain/route-list.ts';
import { PATHS } from '../../app/paths.ts';
import { cx } from '../../components/index.ts';
import { currentNavState } from '../shared/navigation.ts';
import styles from './routes.module.css';

export const tabId = (tab: RouteTab) => `routes-tab-${tab}`;
export const TAB_PANEL_ID = 'routes-panel';

const TABS = [
  { id: 'new', href: PATHS.routes, key: 'routes.tabs.new' },
  { id: 'closed', href: PATHS.routesClosed, key: 'routes.tabs.closed' },
] as const;

export function RouteTabs({ tab }: { tab: RouteTab }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = TABS.findIndex((item) => item.id === tab);
    const last = TABS.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length]!;
    listRef.current?.querySelector<HTMLElement>(`#${tabId(target.id)}`)?.focus();
    // A tab switch replaces the entry and keeps where the list was opened from (its back goes there).
    if (target.id !== tab) navigate(target.href, { replace: true, state: currentNavState() });
  };

  return (
    <div ref={listRef} role="tablist" aria-label={t('routes.title')} className={styles.tabs} onKeyDown={onKeyDown}>
      {TABS.map((item) => {
        const selected = item.id === tab;
        return (
          <Link
            key={item.id}
            id={tabId(item.id)}
            href={item.href}
            replace
            state={currentNavState()}
            role="tab"
            aria-selected={selected}
            aria-controls={TAB_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            className={cx(styles.tab, selected && styles.current)}
          >
            {t(item.key)}
          </Link>
        );
      })}
    </div>
  );
}
