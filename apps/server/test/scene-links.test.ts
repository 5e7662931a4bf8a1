import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { emptySceneDocument, migrateSceneDocument } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { signUpUser, type TestUser } from './support/users.ts';
import { templateFamilies } from '@atrium/assets';
import { sql } from 'drizzle-orm';

const at = [0, 1, 0];
/** A document with one item whose link-like field is `url`, for each field that takes one. */
const documents = (url: string) => ({
  'pictures.link': { pictures: [{ id: 'p', position: at, imageUri: '/api/file/x', link: url }] },
  'infoPoints.link': { infoPoints: [{ id: 'i', position: at, link: url }] },
  'texts3d.hyperlink': { texts3d: [{ id: 't', position: at, text: 'Docs', hyperlink: url }] },
  'webViews3d.url': { webViews3d: [{ id: 'w', position: at, url }] },
  'links.url': { links: [{ id: 'l', title: 'More', url }] },
});

describe.each(databases)('links in scene documents on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: TestUser;
  let sceneId: string;
  let version = 1;

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada@example.org', 'Ada');
    sceneId = (await app.inject({ method: 'POST', url: '/api/scene/metadata', headers: bearer(ada.token), payload: { title: 'Links' } })).json().sceneId;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const save = (fields: object) =>
    app.inject({
      method: 'PUT',
      url: `/api/scene/content/${sceneId}`,
      headers: bearer(ada.token),
      payload: { baseVersion: version, document: { ...emptySceneDocument(), ...fields } },
    });

  it.each(['javascript:alert(document.cookie)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'])(
    'refuses %s in every link and web-view field',
    async (bad) => {
      for (const [field, fields] of Object.entries(documents(bad))) {
        const res = await save(fields);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
        expect(res.json().error.message).toContain(field.split('.')[0]);
      }
    },
  );

  it('keeps http and https links working', async () => {
    for (const url of ['https://example.org/docs?a=1#b', 'http://example.org/']) {
      for (const [field, fields] of Object.entries(documents(url))) {
        const res = await save(fields);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(200);
        version = res.json().contentVersion;
      }
    }
  });

  it('opens a document stored before links were restricted, without its unsafe links', async () => {
    const bad = 'javascript:alert(document.cookie)';
    const stored = {
      ...emptySceneDocument(),
      pictures: [{ id: 'p', position: at, imageUri: '/api/file/x', link: bad }],
      texts3d: [{ id: 't', position: at, text: 'Docs', hyperlink: bad }],
      webViews3d: [{ id: 'w', position: at, url: bad }],
      links: [{ id: 'l', title: 'More', url: bad }, { id: 'ok', title: 'Fine', url: 'https://example.org/' }],
    };
    await db.db.execute(sql`update scenes set content = ${JSON.stringify(stored)}::jsonb where id = ${sceneId}`);
    const res = await app.inject({ method: 'GET', url: `/api/scene/content/${sceneId}`, headers: bearer(ada.token) });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().document ?? res.json();
    expect(doc.pictures).toHaveLength(1);
    expect(doc.pictures[0].link).toBeUndefined();
    expect(doc.texts3d[0].hyperlink).toBeUndefined();
    expect(doc.webViews3d).toEqual([]);
    expect(doc.links.map((l: { id: string }) => l.id)).toEqual(['ok']);
    expect(JSON.stringify(doc)).not.toContain('javascript:');
  });

  it('still validates every space template the demo spaces and new spaces start from', () => {
    const templates = templateFamilies.flatMap((f) => f.templates);
    expect(templates.length).toBeGreaterThan(0);
    for (const t of templates) expect(() => migrateSceneDocument(structuredClone(t.document)), t.spaceTemplateId).not.toThrow();
  });
});
