import {
  BusinessUnit,
  BusinessUnitInput,
  BusinessUnitPage,
  BusinessUnitPath,
  ListBusinessUnitsQuery,
  MergeBusinessUnitRequest,
  MergedBusinessUnit,
  UpdateBusinessUnitRequest,
} from '../contracts/administration.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The routes of the `business-unit` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const BUSINESS_UNIT_ROUTES = [
  {
    operationId: 'listBusinessUnits',
    method: 'GET',
    path: '/api/v1/business-units',
    group: 'business-unit',
    access: 'authenticated',
    summary:
      'Business units (schools, colleges, universities, governments, companies) in name order, `q` anywhere in the name, by category and state; merged units never listed (issue 11; decision record 030).',
    request: { query: ListBusinessUnitsQuery },
    response: BusinessUnitPage,
    errorStatuses: [401],
  },
  {
    operationId: 'getBusinessUnit',
    method: 'GET',
    path: '/api/v1/business-units/{id}',
    group: 'business-unit',
    access: 'authenticated',
    summary: 'One business unit, also a merged one (its `mergedIntoId` names the unit kept; decision record 030).',
    request: { path: BusinessUnitPath },
    response: BusinessUnit,
    errorStatuses: [401, 404],
  },
  {
    operationId: 'createBusinessUnit',
    method: 'POST',
    path: '/api/v1/business-units',
    group: 'business-unit',
    access: 'manageBusinessUnits',
    summary: 'Add a business unit, with its brand eligibility as data (spec §1; decision record 030); audited.',
    request: { body: BusinessUnitInput },
    response: BusinessUnit,
    successStatus: 201,
    errorStatuses: [401, 403, 409],
  },
  {
    operationId: 'updateBusinessUnit',
    method: 'PUT',
    path: '/api/v1/business-units/{id}',
    group: 'business-unit',
    access: 'manageBusinessUnits',
    summary: 'Replace a business unit, with the version read (409 when it moved); audited with before and after.',
    request: { path: BusinessUnitPath, body: UpdateBusinessUnitRequest },
    response: BusinessUnit,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'mergeBusinessUnit',
    method: 'POST',
    path: '/api/v1/business-units/{id}/merge',
    group: 'business-unit',
    access: 'manageBusinessUnits',
    summary:
      'Merge a duplicate business unit into another: its users move, its download history stays attributed to the unit kept; a repeat finishes an interrupted merge (issue 11; decision record 030); audited.',
    request: { path: BusinessUnitPath, body: MergeBusinessUnitRequest },
    response: MergedBusinessUnit,
    errorStatuses: [401, 403, 404, 409],
  },
] as const satisfies readonly GroupRouteDefinition<'business-unit'>[];
