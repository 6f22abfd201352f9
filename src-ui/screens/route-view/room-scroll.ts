/**
 * How far the route view's list scrolls to make room for a message (issue 45, use-message-room.ts). Pure: the list
 * measures, this decides. Beside its only user, in the route chunk, not in the shell's snackbar-placement.ts (issue 46).
 */
import { type Box, SNACKBAR_GAP } from '../../components/snackbar-placement.ts';

/**
 * How far a list scrolls its content up (px, added to its scrollTop; 0: not at all) so that `row`, a protected
 * block in it, clears a message resting at `rest` instead of the message rising over the content above the row
 * (use-message-room.ts). Only where the whole row then shows below `top` (the list's top edge, or the header's
 * bottom where that is lower) and the list has the `room` to scroll that far.
 */
export function roomScroll(row: Box, top: number, rest: Box, room: number, gap = SNACKBAR_GAP): number {
  const covered = row.bottom > rest.top - gap && row.top < rest.bottom;
  if (!covered) return 0;
  const by = Math.ceil(row.bottom - (rest.top - gap));
  return row.top - by >= top && by <= room ? by : 0;
}
