import { z } from '@hono/zod-openapi';
import { CLUB_PAGE_MAX_CHARS, CLUB_PAGE_SLUGS, CLUB_PAGE_TOO_LONG } from '../club-pages';

/**
 * The pages the club writes (issue 33): About, the home page's welcome and the privacy notice. The
 * admin types Markdown; the server keeps it with its sanitised HTML (ADR 056). Inputs and
 * answers of GET /api/pages/{slug} and PUT /api/admin/pages/{slug}.
 */
export { CLUB_PAGE_SLUGS, CLUB_PAGES, CLUB_PAGE_MAX_CHARS, isClubPageSlug, type ClubPageSlug } from '../club-pages';

export const clubPageSlugParam = z.object({
  // Any text: an unknown page answers 404, as an unknown id does.
  slug: z
    .string()
    .max(40)
    .openapi({ param: { name: 'slug', in: 'path' }, description: `One of ${CLUB_PAGE_SLUGS.join(', ')}`, example: 'about' }),
});

export const clubPageInputSchema = z.object({
  markdown: z.string({ error: 'The page text is required' }).max(CLUB_PAGE_MAX_CHARS, CLUB_PAGE_TOO_LONG).openapi({
    description: 'Markdown: headings, paragraphs, lists, links, bold, italics and quotes; anything else is removed',
    example: '## Our Story\n\nWe started as a Sunday kickabout.',
  }),
  /** The version this save is based on; a newer save since answers 409 naming who and when (issue 22). */
  version: z.string({ error: 'version must be text' }).max(40, 'version must be text').optional(),
});
export type ClubPageInput = z.infer<typeof clubPageInputSchema>;

export const ClubPageSchema = z
  .object({
    slug: z.enum(CLUB_PAGE_SLUGS),
    markdown: z.string().openapi({ description: 'As the admin typed it' }),
    html: z.string().openapi({
      description: 'Rendered and sanitised on the server: safe to show as it is',
      example: '<h2>Our Story</h2>\n<p>We started as a Sunday kickabout.</p>',
    }),
    version: z.string().openapi({ description: 'Send it back with PUT: a save from an older version answers 409 naming who saved since' }),
    updated_at: z.string().nullable().openapi({ format: 'date-time', description: 'null: the page has never been saved (the default text)' }),
    notice: z
      .object({ version: z.number().int(), published_at: z.string().openapi({ format: 'date-time' }) })
      .optional()
      .openapi({ description: 'The privacy page only: the notice version in force; forms send it back as notice_version (issue 34)' }),
  })
  .openapi('ClubPage');
export type ClubPage = z.infer<typeof ClubPageSchema>;
