/**
 * The notices the UI shows as snackbars and alerts (the state's `notices`), each with its own id for the UI to
 * dismiss it by.
 */
import type { Notice, NoticeKind } from '../../src-shared/state/app-state.ts';
import type { Store } from '../base/store.ts';

export interface Notices {
  /** Shows a notice; `ref` names what it is about (a refused completion's id). */
  notify(kind: NoticeKind, text?: string, ref?: string): void;
  /** The driver closed this notice. */
  dismiss(id: number): void;
  /** Every notice about `ref` goes (a discarded completion's). */
  dismissAbout(ref: string): void;
  /** Every notice of `kind` goes. */
  dismissKind(kind: NoticeKind): void;
}

export function createNotices(store: Store): Notices {
  let noticeSeq = 0;
  const keepOnly = (keep: (notice: Notice) => boolean) => store.update('notices', (list) => list.filter(keep));

  return {
    notify(kind, text, ref) {
      // "No internet connection" stays until the phone is back online: saying it again would only move it in front of
      // what the driver is reading (a Retry, say) and announce it again.
      if (kind === 'no_internet' && store.get().notices.some((n) => n.kind === kind)) return;
      const notice = { id: ++noticeSeq, kind, ...(text ? { text } : {}), ...(ref ? { ref } : {}) };
      // Each refused completion is its own notice; other kinds replace their previous one.
      const replaces = (n: { kind: NoticeKind }) => n.kind === kind && kind !== 'completion_refused';
      store.update('notices', (list) => [...list.filter((n) => !replaces(n)), notice]);
    },
    dismiss: (id) => keepOnly((n) => n.id !== id),
    dismissAbout: (ref) => keepOnly((n) => n.ref !== ref),
    dismissKind: (kind) => keepOnly((n) => n.kind !== kind),
  };
}
