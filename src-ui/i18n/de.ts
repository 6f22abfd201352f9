/** All German messages, for tests and tools; the app loads the two parts separately. */

import { deCore } from './de-core.ts';
import { deRoute } from './de-route.ts';
import { type Messages, mergeMessages } from './en.ts';

export const de: Messages = mergeMessages(deCore, deRoute);
