import { z } from '@hono/zod-openapi';
import { FIXTURE_STATUSES } from '../content-constants';

/** Fixtures and results: what the API takes and answers (GET/POST/PUT /api/fixtures). */
export { fixtureInputSchema, fixtureQuerySchema, type FixtureInput, type FixtureQuery } from '../content';

export const FixtureSchema = z
  .object({
    id: z.string().uuid(),
    team_id: z.string().uuid(),
    team: z.string().openapi({ description: "The team's name", example: 'Senior' }),
    match_date: z.string().openapi({ example: '2026-11-29' }),
    version: z.string().openapi({ description: 'Send it back with PUT: a save from an older version answers 409 naming who saved since' }),
    match_time: z.string().openapi({ example: '10:30' }),
    venue: z.string(),
    competition: z.string(),
    is_home: z.boolean(),
    away_team: z.string().openapi({ description: "The opponent's name" }),
    home_score: z.number().int().nullable(),
    away_score: z.number().int().nullable(),
    status: z.enum(FIXTURE_STATUSES),
    match_report: z.string().nullable(),
    meet_time: z.string().nullable().openapi({ example: '14:00', description: 'When the players meet, club time' }),
    kit: z.string().nullable().openapi({ example: 'Home kit, bring shin pads' }),
    notes: z.string().nullable(),
    age_group: z.string().openapi({ example: 'U10', description: "The team's age group (issue 23): U7-U11 publish no scores or results" }),
    results_published: z.boolean().openapi({
      description:
        'False for a U7-U11 team when the caller may not see its results (the public, players): home_score, away_score and match_report are then null and a completed match reads "Played"',
    }),
    played: z.boolean().openapi({ description: 'The match has been played (status completed)' }),
  })
  .openapi('Fixture');
export type Fixture = z.infer<typeof FixtureSchema>;
