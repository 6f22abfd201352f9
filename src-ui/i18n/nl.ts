/** All Dutch messages, for tests and tools; the app loads the two parts separately. */
import { type Messages, mergeMessages } from './en.ts';
import { nlCore } from './nl-core.ts';
import { nlRoute } from './nl-route.ts';

export const nl: Messages = mergeMessages(nlCore, nlRoute);
