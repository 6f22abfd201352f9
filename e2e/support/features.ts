/**
 * Features a test turns on through the dispatcher API, as an operator would: plan flags of the demo organisation and
 * publication settings of one route (the delivery outcomes and arrival of issue 34 are off by default).
 */
import type { Organisation, Plan, PublicationSettings, Route } from '../../src-shared/protocol/entities.ts';
import { type Dispatch, expect } from './fixtures.ts';

export async function demoFeaturesOn(
  dispatch: Dispatch,
  routeId: number,
  plan: Partial<Plan>,
  settings: Partial<Omit<PublicationSettings, 'id'>>,
): Promise<void> {
  const organisations = await dispatch<Organisation[]>('GET', '/organisations');
  const demo = organisations.body.find((o) => o.name === 'Demo Logistics')!;
  expect((await dispatch('PATCH', `/organisations/${demo.id}`, { plan })).status).toBe(200);
  // The route's settings as stored now: a PUT replaces them all.
  const { id: _, ...stored } = (await dispatch<Route>('GET', `/routes/${routeId}`)).body.publication_settings;
  const put = await dispatch('PUT', `/routes/${routeId}/publication-settings`, { ...stored, ...settings });
  expect(put.status).toBe(200);
}
