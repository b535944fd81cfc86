import { z } from '@hono/zod-openapi';

/** News articles, as the API takes and answers them. */
export { newsInputSchema, limitQuerySchema, type NewsInput } from '../content';

export const NewsArticleSchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    summary: z.string().nullable(),
    content: z.string(),
    image_url: z.string().nullable(),
    is_published: z.boolean(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('NewsArticle');
export type NewsArticle = z.infer<typeof NewsArticleSchema>;
