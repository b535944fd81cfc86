import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { uploadContents, uploads } from './schema';
import { moveUploadFilesIntoDatabase } from './upload-files';

const t = await createTestContext();
const admin = await t.signedIn('admin');
const uploadsDir = path.join(t.dataDir, 'uploads');

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** An upload as the previous version stored it: the row, and its bytes as a file under DATA_DIR/uploads. */
async function legacyUpload(bytes: Buffer, extension: string, contentType: string, options: { file?: boolean } = {}) {
  const storedName = `${randomBytes(16).toString('base64url')}.${extension}`;
  const [row] = await t.db
    .insert(uploads)
    .values({ stored_name: storedName, original_name: `legacy.${extension}`, content_type: contentType, size_bytes: bytes.length })
    .returning();
  if (options.file ?? true) {
    await fs.mkdir(uploadsDir, { recursive: true });
    await fs.writeFile(path.join(uploadsDir, storedName), bytes);
  }
  return row;
}

const contentsOf = async (id: string) => (await t.db.select().from(uploadContents).where(eq(uploadContents.upload_id, id)))[0]?.bytes;

describe('Start-up: files under DATA_DIR/uploads move into the database', () => {
  it('stores each file whose row has no bytes; it is then served; the file stays; a second run changes nothing', async () => {
    const image = await legacyUpload(PNG, 'png', 'image/png');
    const pdf = await legacyUpload(PDF, 'pdf', 'application/pdf');
    const document = await t.json('/api/documents', { token: admin.token, body: { title: 'Old handbook', url: 'https://example.org/x' } });
    await t.pool.query(`UPDATE documents SET upload_id = $1, url = '/api/documents/' || id || '/file' WHERE id = $2`, [pdf.id, document.body.id]);
    const lost = await legacyUpload(PNG, 'png', 'image/png', { file: false });
    // A file with no row (an upload removed before): not stored, and left alone.
    await fs.writeFile(path.join(uploadsDir, 'orphan.png'), PNG);

    expect((await t.app.request(`/uploads/${image.stored_name}`)).status).toBe(404);
    expect(await moveUploadFilesIntoDatabase(t.pool, t.dataDir)).toEqual({ migrated: 2, missing: 1 });

    const served = await t.app.request(`/uploads/${image.stored_name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const file = await t.app.request(`/api/documents/${document.body.id}/file`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    expect((await t.app.request(`/uploads/${lost.stored_name}`)).status).toBe(404);
    expect(await contentsOf(lost.id)).toBeUndefined();
    expect(await t.db.select().from(uploadContents)).toHaveLength(2);

    // The old files are kept (a rolled-back upgrade still finds them); running again stores nothing more.
    expect((await fs.readdir(uploadsDir)).sort()).toEqual([image.stored_name, pdf.stored_name, 'orphan.png'].sort());
    const before = await t.pool.query(`SELECT upload_id, md5(bytes) AS md5, xmin::text AS version FROM upload_contents ORDER BY upload_id`);
    expect(await moveUploadFilesIntoDatabase(t.pool, t.dataDir)).toEqual({ migrated: 0, missing: 1 });
    expect((await t.pool.query(`SELECT upload_id, md5(bytes) AS md5, xmin::text AS version FROM upload_contents ORDER BY upload_id`)).rows).toEqual(before.rows);

    // Once the missing file is put back, the next start stores it.
    await fs.writeFile(path.join(uploadsDir, lost.stored_name), PNG);
    expect(await moveUploadFilesIntoDatabase(t.pool, t.dataDir)).toEqual({ migrated: 1, missing: 0 });
    expect(await contentsOf(lost.id)).toEqual(PNG);
  });

  it('two processes starting at once store each file exactly once between them', async () => {
    const legacy = await Promise.all(Array.from({ length: 6 }, () => legacyUpload(PNG, 'png', 'image/png')));
    const [a, b] = await Promise.all([moveUploadFilesIntoDatabase(t.pool, t.dataDir), moveUploadFilesIntoDatabase(t.pool, t.dataDir)]);
    expect(a.migrated + b.migrated).toBe(legacy.length);
    for (const row of legacy) expect(await contentsOf(row.id)).toEqual(PNG);
  });

  it('with nothing to move (no folder, or every upload stored) it reads no folder and stores nothing', async () => {
    const other = path.join(t.dataDir, 'elsewhere');
    expect(await moveUploadFilesIntoDatabase(t.pool, other)).toEqual({ migrated: 0, missing: 0 });
  });
});
