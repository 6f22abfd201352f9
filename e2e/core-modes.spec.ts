/**
 * The core runs in a dedicated worker by default, and inline on the main thread with ?core=inline (for the
 * benchmark's side-by-side). Both must give the same app.
 */
import { DEMO, expect, test } from './support/fixtures.ts';

for (const mode of ['worker', 'inline'] as const) {
  test(`the core ${mode === 'worker' ? 'in a worker' : 'inline on the main thread'} signs in and mirrors its state`, async ({
    page,
  }) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(mode === 'inline' ? '/login?core=inline' : '/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.driver);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/routes$/);
    await page.goto(mode === 'inline' ? '/account?core=inline' : '/account');
    await expect(page.getByText('Demo Logistics')).toBeVisible();
    // One core worker per page load in worker mode (two loads here); none inline.
    const coreWorkers = workers.filter((url) => !url.includes('sw.js'));
    expect(coreWorkers).toHaveLength(mode === 'worker' ? 2 : 0);
  });
}

test('after a service-worker update the reloaded app says "App updated successfully"', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  // What the update flow leaves behind before it reloads the page with the new version (src-ui/app/sw-update.ts).
  await page.evaluate("sessionStorage.setItem('droplane.updated', '1')");
  await page.reload();
  await expect(page.getByText('App updated successfully')).toBeVisible();
  // Said once: the next reload is a plain one.
  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.getByText('App updated successfully')).toHaveCount(0);
});
