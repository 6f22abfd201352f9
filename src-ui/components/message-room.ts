/**
 * Lists that make room for a message (issue 45): the snackbar host's side, in the shell. Before a snackbar rises off
 * its place at the bottom to clear a protected block of a scrolling list, the host asks the mounted lists to scroll
 * that block up above it instead (src-ui/screens/route-view/use-message-room.ts is such a list's side, in the route
 * chunk: the shell carries only this registry, issue 46).
 */
import type { Box } from './snackbar-placement.ts';

/**
 * Scrolls what a message resting at `rest` would cover out of its way, below `ceiling` (the header's bottom); true
 * when it scrolled.
 */
export type RoomMaker = (id: string, rest: Box, ceiling: number) => boolean;

const roomMakers = new Set<RoomMaker>();

/** Asks every list to make room for the message `id` resting at `rest`; true when one scrolled. */
export function makeRoomFor(id: string, rest: Box, ceiling: number): boolean {
  let moved = false;
  for (const maker of roomMakers) moved = maker(id, rest, ceiling) || moved;
  return moved;
}

/** A list offers to make room while it is mounted; returns the withdrawal. */
export function offerRoom(maker: RoomMaker): () => void {
  roomMakers.add(maker);
  return () => roomMakers.delete(maker);
}
