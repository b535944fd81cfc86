import { z } from '@hono/zod-openapi';

/** Club documents and messages to players, as the API takes and answers them. */
export { documentLinkSchema, messageCreateSchema, type DocumentLinkInput, type MessageCreateInput } from '../players';

export const DocumentSchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    description: z.string().nullable(),
    kind: z.enum(['file', 'link']),
    url: z.string(),
    file_name: z.string().nullable(),
    content_type: z.string().nullable(),
    size_bytes: z.number().int().nullable(),
    player_id: z.string().uuid().nullable(),
    created_at: z.string(),
  })
  .openapi('Document');
export const MessageSchema = z
  .object({
    id: z.string().uuid(),
    subject: z.string(),
    body: z.string(),
    player_id: z.string().uuid().nullable(),
    player_name: z.string().nullable(),
    sender_name: z.string(),
    created_at: z.string(),
  })
  .openapi('Message');
export type ClubDocument = z.infer<typeof DocumentSchema>;
export type ClubMessage = z.infer<typeof MessageSchema>;
