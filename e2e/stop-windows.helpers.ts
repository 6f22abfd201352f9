/**
 * Helpers of the stop windows' browser tests (stop-windows*.spec.ts): the dispatcher's view of a stop, and the
 * one-button alert. The route setup they share with other specs is support/route-setup.ts.
 */
import type { Page } from '@playwright/test';
import type { Route, Stop } from '../src-shared/protocol/entities.ts';
import { type Dispatch, expect } from './support/fixtures.ts';

/** The stop as the dispatcher API has it, once the app's outbox has sent the completion. */
export async function serverStop(
  dispatch: Dispatch,
  routeId: number,
  stopId: number,
  status: string,
  field: (stop: Stop) => unknown = () => null,
  value: unknown = null,
): Promise<Stop> {
  let found: Stop | undefined;
  await expect
    .poll(async () => {
      const { body } = await dispatch<Route>('GET', `/routes/${routeId}`);
      found = body.stops.find((s) => s.id === stopId);
      return found && [found.status, field(found)];
    })
    .toEqual([status, value]);
  return found!;
}

export const alert = (page: Page) => page.getByRole('alertdialog');

export async function dismissAlert(page: Page, text: string | RegExp) {
  await expect(alert(page)).toContainText(text);
  await alert(page).getByRole('button', { name: 'OK' }).click();
  await expect(alert(page)).toHaveCount(0);
}
