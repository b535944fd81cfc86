import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { documents, uploads } from '../db/schema';
import { DOCUMENT_MAX_BYTES, safeFileName, sniffFileKind } from '../services/uploads';

const t = await createTestContext();

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

async function upload(token: string | undefined, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new File([file.bytes as BlobPart], file.name, { type: file.type ?? 'application/pdf' }));
  const response = await t.app.request('/api/documents', {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json() };
}

/** The stored names of the uploads whose bytes are in the database; nothing is ever written to disk. */
async function storedFiles() {
  expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
  return t.services.uploads.storedNames(t.db);
}

async function playerWithLogin() {
  const p = await t.signedIn('player');
  return p;
}

describe('Upload storage', () => {
  it('recognises PDF, JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(sniffFileKind(PDF)).toBe('pdf');
    expect(sniffFileKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFileKind(PNG)).toBe('png');
    expect(sniffFileKind(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffFileKind(new TextEncoder().encode('just some text'))).toBeNull();
  });

  it('makes client file names safe for a header', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('Kit "list"\r\n.pdf')).toBe('Kit _list_.pdf');
    expect(safeFileName('')).toBe('file');
  });
});

describe('POST /api/documents', () => {
  it('publishes an uploaded PDF for all players under a random stored name; players can open it', async () => {
    const admin = await t.signedIn('admin');
    const player = await playerWithLogin();
    const res = await upload(admin.token, { title: 'Club handbook' }, { bytes: PDF, name: 'Handbook 2026.pdf' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Club handbook', kind: 'file', file_name: 'Handbook 2026.pdf', content_type: 'application/pdf', size_bytes: PDF.length, player_id: null });
    expect(res.body.url).toBe(`/api/documents/${res.body.id}/file`);
    const files = await storedFiles();
    expect(files.some((f) => f.includes('Handbook'))).toBe(false);
    expect(files.filter((f) => f.endsWith('.pdf')).length).toBeGreaterThan(0);

    const mine = await t.json('/api/players/me/documents', { token: player.token });
    expect(mine.body.map((d: { id: string }) => d.id)).toContain(res.body.id);

    const file = await t.app.request(`${res.body.url}?download=1`, { headers: { authorization: `Bearer ${player.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="Handbook 2026.pdf"; filename*=UTF-8''Handbook%202026.pdf`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    expect((await t.app.request(res.body.url)).status).toBe(401);
  });

  it('publishes a document for one player only: others neither see nor open it', async () => {
    const admin = await t.signedIn('admin');
    const owner = await playerWithLogin();
    const other = await playerWithLogin();
    const res = await upload(admin.token, { title: 'Your contract', player_id: owner.playerId! }, { bytes: PNG, name: 'contract.png', type: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body.content_type).toBe('image/png');
    const otherList = await t.json('/api/players/me/documents', { token: other.token });
    expect(otherList.body.map((d: { id: string }) => d.id)).not.toContain(res.body.id);
    expect((await t.app.request(res.body.url, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect((await t.app.request(res.body.url, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(200);
    // A document's file is private: never served by the public /uploads/ route, though it is an image.
    const [stored] = await t.db.select().from(uploads).innerJoin(documents, eq(documents.upload_id, uploads.id)).where(eq(documents.id, res.body.id));
    expect((await t.app.request(`/uploads/${stored.uploads.stored_name}`)).status).toBe(404);
  });

  it('publishes a link as JSON', async () => {
    const admin = await t.signedIn('admin');
    const res = await t.json('/api/documents', { body: { title: 'League rules', url: 'https://example.org/rules' }, token: admin.token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'link', url: 'https://example.org/rules', file_name: null });
    const bad = await t.json('/api/documents', { body: { title: 'Bad', url: 'javascript:alert(1)' }, token: admin.token });
    expect(bad.status).toBe(422);
    const noTitle = await t.json('/api/documents', { body: { url: 'https://example.org' }, token: admin.token });
    expect(noTitle.status).toBe(422);
  });

  it('refuses a text file renamed .pdf with a detail, storing nothing', async () => {
    const admin = await t.signedIn('admin');
    const [docsBefore, uploadsBefore, filesBefore] = [await t.db.select().from(documents), await t.db.select().from(uploads), await storedFiles()];
    const res = await upload(admin.token, { title: 'Sneaky' }, { bytes: new TextEncoder().encode('hello, I am text'), name: 'notes.pdf' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('This file type is not allowed: upload a PDF, JPEG, PNG or WebP file.');
    expect(await t.db.select().from(documents)).toHaveLength(docsBefore.length);
    expect(await t.db.select().from(uploads)).toHaveLength(uploadsBefore.length);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a file over 10 MB with 413 and a detail, storing nothing', async () => {
    const admin = await t.signedIn('admin');
    const [docsBefore, filesBefore] = [await t.db.select().from(documents), await storedFiles()];
    const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    big.set(PDF.subarray(0, 8));
    const res = await upload(admin.token, { title: 'Huge' }, { bytes: big, name: 'huge.pdf' });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('The file is too large: the limit is 10 MB.');
    expect(await t.db.select().from(documents)).toHaveLength(docsBefore.length);
    expect(await storedFiles()).toEqual(filesBefore);

    const wayTooBig = await upload(admin.token, { title: 'Huger' }, { bytes: new Uint8Array(DOCUMENT_MAX_BYTES + 600 * 1024), name: 'huger.pdf' });
    expect(wayTooBig.status).toBe(413);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a missing title or file, an unknown player, and non-admins', async () => {
    const admin = await t.signedIn('admin');
    const staff = await t.signedIn('staff');
    const filesBefore = await storedFiles();
    expect((await upload(admin.token, {}, { bytes: PDF, name: 'a.pdf' })).status).toBe(422);
    expect((await upload(admin.token, { title: 'No file' })).status).toBe(422);
    expect((await upload(admin.token, { title: 'Who', player_id: '00000000-0000-4000-8000-000000000000' }, { bytes: PDF, name: 'a.pdf' })).status).toBe(422);
    expect((await upload(staff.token, { title: 'Staff' }, { bytes: PDF, name: 'a.pdf' })).status).toBe(403);
    expect((await upload(undefined, { title: 'Anon' }, { bytes: PDF, name: 'a.pdf' })).status).toBe(401);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});

describe('DELETE /api/documents/{id}', () => {
  it('removes the document, its upload row and the stored file', async () => {
    const admin = await t.signedIn('admin');
    const res = await upload(admin.token, { title: `Temp ${randomBytes(3).toString('hex')}` }, { bytes: PDF, name: 'temp.pdf' });
    const filesWith = await storedFiles();
    const del = await t.json(`/api/documents/${res.body.id}`, { method: 'DELETE', token: admin.token });
    expect(del.status).toBe(200);
    expect((await storedFiles()).length).toBe(filesWith.length - 1);
    expect((await t.json(`/api/documents/${res.body.id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
    expect((await t.app.request(res.body.url, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(404);
    const list = await t.json('/api/documents', { token: admin.token });
    expect(list.body.map((d: { id: string }) => d.id)).not.toContain(res.body.id);
  });
});
