import { z } from '@hono/zod-openapi';

/** An uploaded image, as the API answers it. */

export const UploadedImageSchema = z
  .object({ id: z.string().uuid(), url: z.string(), content_type: z.string(), size_bytes: z.number().int() })
  .openapi('UploadedImage');
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
