/** Who sends a route's queued completions, and with which token (src-worker/outbox). */
export interface Sender {
  owner: string;
  auth: 'driver' | 'link';
}
