import { runsAnyTeam } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { attendanceInputSchema, oneOffSessionInputSchema, trainingSessionPatchSchema, trainingSessionQuerySchema, trainingSlotInputSchema } from '../../shared/teams';
import { doneById, router, writesNeed } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';
import { AttendanceSheetSchema, CreatedTrainingSessionSchema, SavedTrainingSlotSchema, TrainingSessionSchema } from '../../shared/contracts/teams';

const staffErrors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not admin or staff'),
};

const slotsBase = router();
slotsBase.use('*', writesNeed(runsAnyTeam));

/** /api/training-slots/{id}: change or remove a weekly slot (admin or staff). */
export const trainingSlotsApi = slotsBase
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      operationId: 'updateTrainingSlot',
      tags: ['Training'],
      summary: 'Change a weekly training slot (admin or staff)',
      description:
        'Its future sessions nobody touched follow the change (none after ends_on or inside a break); moved or cancelled ones stay as they are. ' +
        'PUT replaces breaks. warnings names each coming session on a day the team has a fixture.',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(trainingSlotInputSchema) },
      responses: { 200: jsonContent(SavedTrainingSlotSchema, 'Updated, with fixture-day warnings'), ...staffErrors, 404: jsonContent(ErrorSchema, 'Unknown slot'), 422: jsonContent(ErrorSchema, 'Invalid slot') },
    }),
    async (c) => c.json(await c.get('services').training.updateSlot(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deleteTrainingSlot',
      tags: ['Training'],
      summary: 'Remove a weekly training slot (admin or staff)',
      description: 'Its future untouched sessions go; past sessions and their attendance stay.',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(z.object({ detail: z.string() }), 'Deleted'), ...staffErrors, 404: jsonContent(ErrorSchema, 'Unknown slot') },
    }),
    doneById('Training slot deleted successfully!', ({ training }, user, id) => training.removeSlot(user, id)),
  );

const sessionsBase = router();
sessionsBase.use('*', writesNeed(runsAnyTeam));

/** /api/training-sessions: dated sessions (signed in), cancel or move one, and attendance (admin or staff). */
export const trainingSessionsApi = sessionsBase
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listTrainingSessions',
      tags: ['Training'],
      summary: 'Training sessions (signed in)',
      description:
        'from and to are club dates, both included (default: today and the next 8 weeks; at most 366 days). ' +
        "Without team_id: a player's own teams, every team for staff and admins. Sessions are generated from the weekly slots on read.",
      security: [{ bearer: [] }],
      request: { query: trainingSessionQuerySchema },
      responses: {
        200: jsonContent(z.array(TrainingSessionSchema), 'Sessions by start time'),
        401: staffErrors[401],
        404: jsonContent(ErrorSchema, 'Unknown team'),
        422: jsonContent(ErrorSchema, 'Invalid dates or range'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').training.listSessions(c.get('user'), c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createTrainingSession',
      tags: ['Training'],
      summary: 'Add a one-off training session or team event (admin or staff of the team)',
      description:
        'kind is training (default), tournament, social or meeting; title names an event. Optional meet_time (HH:MM, at or before the start), kit, notes, ' +
        'address (for a map link) and answer_by (ISO 8601, before the start). It has no weekly slot (slot_id null, one_off true). ' +
        'warnings names a fixture the team has that day (the session is created all the same).',
      security: [{ bearer: [] }],
      request: { body: jsonBody(oneOffSessionInputSchema) },
      responses: {
        201: jsonContent(CreatedTrainingSessionSchema, 'Created, with fixture-day warnings'),
        ...staffErrors,
        404: jsonContent(ErrorSchema, 'Unknown team'),
        422: jsonContent(ErrorSchema, 'Invalid session'),
      },
    }),
    async (c) => c.json(await c.get('services').training.createSession(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deleteTrainingSession',
      tags: ['Training'],
      summary: 'Delete a one-off session or event (admin or staff of the team)',
      description: 'Weekly sessions are cancelled instead (409), and so is one with recorded attendance (409). Answers to it go with it.',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: {
        200: jsonContent(z.object({ detail: z.string() }), 'Deleted'),
        ...staffErrors,
        404: jsonContent(ErrorSchema, 'Unknown session'),
        409: jsonContent(ErrorSchema, 'A weekly session, or attendance was recorded'),
      },
    }),
    doneById('Session deleted.', ({ training }, user, id) => training.removeSession(user, id)),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      operationId: 'updateTrainingSession',
      tags: ['Training'],
      summary: 'Cancel, reinstate or move one session (admin or staff)',
      description:
        'status cancels (or reinstates) it; date, start_time, end_time and place move it (moved becomes true). The weekly slot is not changed. ' +
        'A session with recorded attendance cannot be cancelled (409).',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(trainingSessionPatchSchema) },
      responses: {
        200: jsonContent(TrainingSessionSchema, 'Updated'),
        ...staffErrors,
        404: jsonContent(ErrorSchema, 'Unknown session'),
        409: jsonContent(ErrorSchema, 'Attendance was recorded'),
        422: jsonContent(ErrorSchema, 'Invalid change'),
      },
    }),
    async (c) => c.json(await c.get('services').training.updateSession(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/attendance',
      operationId: 'getTrainingAttendance',
      tags: ['Training'],
      summary: "The session's attendance sheet: its team's players, ticked if present (admin or staff)",
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(AttendanceSheetSchema, 'The sheet'), ...staffErrors, 404: jsonContent(ErrorSchema, 'Unknown session') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').training.attendanceOf(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/attendance',
      operationId: 'recordTrainingAttendance',
      tags: ['Training'],
      summary: 'Record who came (admin or staff)',
      description:
        'present lists the player ids who came; everyone else in the team was absent. Saving again replaces the record. ' +
        "Players not in the session's team: 422. A cancelled session or one that has not started: 409.",
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(attendanceInputSchema) },
      responses: {
        200: jsonContent(z.object({ session_id: z.string().uuid(), recorded_at: z.string(), present: z.array(z.string().uuid()) }), 'Recorded'),
        ...staffErrors,
        404: jsonContent(ErrorSchema, 'Unknown session'),
        409: jsonContent(ErrorSchema, 'Cancelled or not started yet'),
        422: jsonContent(ErrorSchema, "Invalid list or players not in the session's team"),
      },
    }),
    async (c) => c.json(await c.get('services').training.recordAttendance(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );
