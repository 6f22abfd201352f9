/** Short tables for the list commands of the dispatcher CLI. */
import type { DispatchRouteSummary } from '../../src-shared/protocol/dispatch.ts';
import type { Driver, Organisation } from '../../src-shared/protocol/entities.ts';
import { PLAN_FLAGS } from '../../src-shared/protocol/entities.ts';

type Cell = string | number | boolean | null | undefined;

function table(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '-' : String(cell))));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), ...text.map(line)].join('\n');
}

export function organisationsTable(orgs: Organisation[]): string {
  return table(
    ['ID', 'NAME', 'CUSTOMER', 'SUBSCRIPTION', 'PLAN', 'FLAGS OFF', 'TIME ZONE'],
    orgs.map((o) => [
      o.id,
      o.name,
      o.customer_id,
      o.subscription_status,
      o.plan.name,
      PLAN_FLAGS.filter((flag) => !o.plan[flag]).join(',') || null,
      o.time_zone,
    ]),
  );
}

export function driversTable(drivers: Driver[]): string {
  return table(
    ['ID', 'EMAIL', 'NAME', 'ORG'],
    drivers.map((d) => [d.id, d.email, `${d.first_name} ${d.last_name}`, d.organisation_id]),
  );
}

export function routesTable(routes: DispatchRouteSummary[]): string {
  return table(
    ['ID', 'DATE', 'PROJECT', 'ORG', '#', 'VEHICLE', 'STATUS', 'DRIVER', 'DONE'],
    routes.map((r) => [
      r.id,
      r.date,
      `${r.projectName} (${r.project_id})`,
      r.organisation_id,
      r.index,
      r.vehicle_name,
      r.status,
      r.driver?.id,
      `${r.done_count}/${r.stop_count}`,
    ]),
  );
}
