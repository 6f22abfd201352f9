/**
 * Where a snackbar sits so it never covers what the driver taps next (issue 11: "Stop N delivered" over Arrived,
 * "Photo added" over Add photo). Pure: the host measures, this decides. The snackbar starts at its resting place at
 * the bottom (above a pinned footer or the map's drawer) and rises above each protected control it would cover; when
 * it cannot rise that far without passing under the screen's header, it sits just below the header instead,
 * wherever that covers the least.
 */

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Space kept between the snackbar and a control it steps over, px. */
export const SNACKBAR_GAP = 8;

const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

const shifted = (box: Box, lift: number): Box => ({ ...box, top: box.top - lift, bottom: box.bottom - lift });

const coverage = (box: Box, protectedBoxes: readonly Box[]) =>
  protectedBoxes.reduce((sum, p) => sum + overlapArea(box, p), 0);

/**
 * How many px to lift the snackbar from its resting box `rest` (0: stays), given the boxes of the visible protected
 * controls and `ceiling`, the y the snackbar must stay below (the header's bottom edge, or the top safe area).
 */
export function snackbarLift(rest: Box, protectedBoxes: readonly Box[], ceiling: number, gap = SNACKBAR_GAP): number {
  let lift = 0;
  for (let step = 0; step <= protectedBoxes.length; step++) {
    const box = shifted(rest, lift);
    const covered = protectedBoxes.filter((p) => overlapArea(box, p) > 0);
    if (covered.length === 0) return lift;
    const next = rest.bottom - (Math.min(...covered.map((p) => p.top)) - gap);
    if (rest.top - next < ceiling + gap) break;
    lift = next;
  }
  // No free place between the controls: just below the header, unless resting covers less.
  const underHeader = rest.top - (ceiling + gap);
  if (underHeader <= 0) return 0;
  return coverage(shifted(rest, underHeader), protectedBoxes) <= coverage(rest, protectedBoxes) ? underHeader : 0;
}
