import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import {
  AreaCover,
  AreaCoverBody,
  KeyCollection,
  KeyListParams,
  PickupBody,
  ReturnBody,
  Runner,
  RunnerBody,
  RunnerList,
  RunnerParams,
  StaffKeyBody,
  StaffKeyList,
  StaffKeyParams,
} from '@kunci/contracts/homerunner';
import { requireRole } from '../../../lib/staff.ts';
import { requireSession } from '../../../plugins/auth.ts';
import type { HomerunnerService } from './homerunner.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['home runner'];
/** Home runners are dispatched by operations staff (admin holds every role). */
const RUNNER_STAFF = ['operations'] as const;

export const homerunnerRoutes: FastifyPluginAsyncZod<{ service: HomerunnerService }> = async (app, { service }) => {
  app.post(
    '/homerunner/area-cover',
    {
      schema: {
        tags,
        summary: 'Whether home runners collect keys at a postcode (Klang Valley only, by the postcode directory; leading zeros kept)',
        body: AreaCoverBody,
        response: { 200: AreaCover, ...errors },
      },
    },
    async (request) => service.areaCover(request.body.postcode),
  );

  app.post(
    '/property/key/:id/list',
    {
      schema: {
        tags,
        summary: "List the landlord's listing's key for collection (201; 200 with the open one; 409 outside the area or after 2 collections)",
        params: KeyListParams,
        response: { 200: KeyCollection, 201: KeyCollection, ...errors },
      },
    },
    async (request, reply) => {
      const { created, collection } = await service.listKey(request.params.id, requireSession(request).user.id);
      return reply.status(created ? 201 : 200).send(collection);
    },
  );

  app.put(
    '/homerunner/key',
    {
      schema: {
        tags,
        summary: 'Book the pickup of the listed key: `pickupDateTime` as `YYYY-MM-DD HH-mm` (dashes), on the hour, Malaysia time',
        body: PickupBody,
        response: { 200: KeyCollection, ...errors },
      },
    },
    async (request) => service.schedulePickup(request.body.propertyId, requireSession(request).user.id, request.body.pickupDateTime),
  );

  app.put(
    '/homerunner/key/return',
    {
      schema: {
        tags,
        summary: 'Ask for the keys back, at least 24 hours ahead (`returnDateTime` as `YYYY-MM-DD HH-mm`)',
        body: ReturnBody,
        response: { 200: KeyCollection, ...errors },
      },
    },
    async (request) => service.requestReturn(request.body.propertyId, requireSession(request).user.id, request.body.returnDateTime),
  );

  app.get(
    '/admin/services/keys',
    { schema: { tags, summary: 'Operations staff: open key collections, soonest pickup first', response: { 200: StaffKeyList, ...errors } } },
    async (request) => {
      requireRole(request, RUNNER_STAFF);
      return service.open();
    },
  );

  app.put(
    '/admin/services/keys/:id',
    {
      schema: {
        tags,
        summary: 'Operations staff: assign a runner, or mark the keys collected or returned (audit-logged; the landlord is told)',
        params: StaffKeyParams,
        body: StaffKeyBody,
        response: { 200: KeyCollection, ...errors },
      },
    },
    async (request) => {
      const { user } = requireRole(request, RUNNER_STAFF);
      return service.staffAction(request.params.id, request.body, { id: user.id, role: user.role });
    },
  );

  app.get(
    '/admin/services/runners',
    { schema: { tags, summary: 'Operations staff: the home runners, active first', response: { 200: RunnerList, ...errors } } },
    async (request) => {
      requireRole(request, RUNNER_STAFF);
      return service.runners();
    },
  );

  app.post(
    '/admin/services/runners',
    { schema: { tags, summary: 'Operations staff: add a home runner (name and phone)', body: RunnerBody, response: { 201: Runner, ...errors } } },
    async (request, reply) => {
      const { user } = requireRole(request, RUNNER_STAFF);
      return reply.status(201).send(await service.addRunner(request.body, { id: user.id, role: user.role }));
    },
  );

  app.put(
    '/admin/services/runners/:id',
    {
      schema: {
        tags,
        summary: "Operations staff: change a runner's name or phone, or stop dispatching them (active: false)",
        params: RunnerParams,
        body: RunnerBody,
        response: { 200: Runner, ...errors },
      },
    },
    async (request) => {
      const { user } = requireRole(request, RUNNER_STAFF);
      return service.updateRunner(request.params.id, request.body, { id: user.id, role: user.role });
    },
  );
};
