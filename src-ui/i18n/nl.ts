/** All Dutch messages, for tests and tools; the app loads the two parts separately. */
import type { Messages } from './en.ts';
import { nlCore } from './nl-core.ts';
import { nlRoute } from './nl-route.ts';

export const nl: Messages = { ...nlCore, ...nlRoute };
