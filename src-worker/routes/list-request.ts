/**
 * The route list's request, apart from the list's code: the core sends it as soon as it knows the driver, while
 * the route features' chunk (route-list.ts among it) is still on its way, and hands the answer over to it.
 */
import type { ProjectEntry } from '../../src-shared/protocol/entities.ts';
import type { ApiClient, ApiOutcome } from '../net/api-client.ts';

export type ListAnswer = Promise<ApiOutcome<ProjectEntry[]>>;

export const requestList = (api: ApiClient): ListAnswer => api.request<ProjectEntry[]>('GET', '/v1/projects/routes');
