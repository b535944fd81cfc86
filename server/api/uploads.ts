import { mayWriteNews } from '../policy';
import { createRoute } from '@hono/zod-openapi';
import { invalid } from '../../shared/errors';
import { IMAGE_MAX_BYTES } from '../services/images';
import { router, writesNeed } from './env';
import { ErrorSchema, jsonContent, readForm } from './openapi';
import { UploadedImageSchema } from '../../shared/contracts/uploads';

const base = router();
base.use('*', writesNeed(mayWriteNews));

export const uploadsApi = base.openapi(
  createRoute({
    method: 'post',
    path: '/',
    operationId: 'uploadImage',
    tags: ['Uploads'],
    summary: 'Upload an image (admin, staff)',
    description:
      `multipart/form-data with one field \`file\`: a JPEG, PNG, WebP or SVG image (recognised by its content, not its name; an SVG is cleaned of scripts and outside links and served sandboxed), ` +
      `at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB. Answers the URL to put in a product's images, a player's photo_url, ` +
      "a sponsor's logo_url or a news image_url. Images nothing refers to are removed after an hour.",
    security: [{ bearer: [] }],
    responses: {
      201: jsonContent(UploadedImageSchema, 'Stored'),
      400: jsonContent(ErrorSchema, 'A multipart body that cannot be read'),
      401: jsonContent(ErrorSchema, 'Not signed in'),
      403: jsonContent(ErrorSchema, 'Not admin or staff'),
      413: jsonContent(ErrorSchema, 'Too large'),
      422: jsonContent(ErrorSchema, 'Not an image, or a file name that names a path'),
    },
  }),
  async (c) => {
    const services = c.get('services');
    const user = c.get('user');
    if (!c.req.header('content-type')?.startsWith('multipart/form-data')) {
      throw invalid('Send the image as multipart/form-data in a field named "file".');
    }
    const form = await readForm(c);
    const file = form.file;
    if (!(file instanceof File)) throw invalid('Choose an image file to upload (field "file").');
    const saved = await services.images.upload(user, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name });
    return c.json(saved, 201);
  },
);
