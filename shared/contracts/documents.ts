import { z } from '@hono/zod-openapi';
import '../zod-messages';
import { optionalText, requiredText } from '../fields';

/** Club documents and messages to players, as the API takes and answers them. */

/** POST /api/messages. */
export const messageCreateSchema = z.object({
  subject: requiredText('Subject', 200, 'brief'),
  body: requiredText('Message', 10000, 'brief'),
  player_id: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** A message to one junior goes to their parents or carers: this must be ticked (issue 23). */
  copy_guardians: z.boolean({ error: 'Copy their parents or carers must be true or false' }).optional().default(false),
});
export type MessageCreateInput = z.infer<typeof messageCreateSchema>;

/** POST /api/documents as JSON: a link. */
export const documentLinkSchema = z.object({
  title: requiredText('Title', 200, 'brief'),
  description: optionalText('Description', 1000, 'brief'),
  url: z
    .string({ error: 'Link is required' })
    .trim()
    .min(1, 'Link is required')
    .max(2000)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'The link must start with http:// or https://'),
  player_id: messageCreateSchema.shape.player_id,
});
export type DocumentLinkInput = z.infer<typeof documentLinkSchema>;


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
