/**
 * The schemas Fastify validates the dispatcher API with, under the names its routes use. Each is defined once, with
 * its type, in src-shared/schemas/dispatch.ts. Bodies are strict (validation.ts): a wrong type or an unknown field
 * is a 400 naming the field.
 */
export {
  CreateDriverBody as createDriverBody,
  CreateOrganisationBody as createOrganisationBody,
  CreateRouteBody as createRouteBody,
  DriverAssignBody as driverAssignBody,
  DriversQuery as driversQuery,
  LinkParams as linkParams,
  OrganisationParams as idParams,
  PublicationSettingsBody as publicationSettingsBody,
  ReorderBody as reorderBody,
  RouteParams as routeParams,
  RoutesQuery as routesQuery,
  StopParams as stopParams,
  UpdateOrganisationBody as updateOrganisationBody,
  UpdateStopBody as updateStopBody,
} from '../../src-shared/schemas/dispatch.ts';
