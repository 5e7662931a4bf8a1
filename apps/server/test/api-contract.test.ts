import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { errorCatalogue, type ErrorCode } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { signUpUser, injectAs, type TestUser as User } from './support/users.ts';

interface ErrorSchema {
  properties?: { error?: { properties?: { code?: { enum?: string[] } } } };
}
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: ErrorSchema }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const codesOf = (entry: Operation['responses'][string] | undefined) =>
  entry?.content?.['application/json']?.schema.properties?.error?.properties?.code?.enum;

describe.each(databases)('API contract: error answers in the document on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let doc: Document;
  let ada: User;
  let bob: User;

  /** The answer's status and code must be in the document entry of the route that sent it. */
  const expectDeclared = (method: string, path: string, res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    const code = res.json().error.code as string;
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path} in the document`).toBeDefined();
    expect(codesOf(op!.responses[String(status)]) ?? [], `${method} ${path} declares ${status}`).toContain(code);
  };

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    await app.ready();
    doc = app.swagger() as unknown as Document;
    ada = await signUpUser(app, db, 'ada@example.com', 'Ada Lovelace');
    bob = await signUpUser(app, db, 'bob@example.com', 'Bob Marley');
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('every operation declares a 4xx error body, each status holding only catalogue codes of that status', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      const errorStatuses = Object.keys(op.responses).filter((s) => Number(s) >= 400);
      expect(errorStatuses.some((s) => Number(s) < 500), `${where} declares a 4xx`).toBe(true);
      expect(errorStatuses, `${where} declares 500`).toContain('500');
      for (const status of errorStatuses) {
        const codes = codesOf(op.responses[status]);
        expect(codes?.length, `${where} ${status} has the error body schema`).toBeGreaterThan(0);
        for (const code of codes!) {
          expect(errorCatalogue[code as ErrorCode]?.status, `${where} ${status}: ${code}`).toBe(Number(status));
        }
      }
      if (path.includes('{')) expect(codesOf(op.responses['404']) ?? [], `${where} has a path parameter`).toContain('NOT_FOUND');
      if (path.startsWith('/api/')) expect(codesOf(op.responses['401']) ?? [], `${where} can refuse a bad token`).toContain('UNAUTHENTICATED');
    }
  });

  it('actual 400, 401, 403, 404 and 409 answers are the ones the route declares', async () => {
    const publishPath = '/api/sceneactions/{id}/publish';
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const body = { slotId: unknownId };
    const tags = ['gallery', 'painting', 'museum'];
    expectDeclared('post', publishPath, await injectAs(app, ada, 'POST', `/api/sceneactions/${unknownId}/publish`, body), 404);
    expectDeclared('post', publishPath, await injectAs(app, ada, 'POST', '/api/sceneactions/not-a-uuid/publish', body), 400);
    expectDeclared('post', publishPath, await injectAs(app, null, 'POST', `/api/sceneactions/${unknownId}/publish`, body), 401);

    const draft = await injectAs(app, ada, 'POST', '/api/scene/metadata', { title: 'Hall', tags, description: '' });
    expect(draft.statusCode, draft.body).toBe(201);
    const sceneId = draft.json().sceneId as string;
    const slotId = (await injectAs(app, ada, 'GET', '/api/slot/available')).json()[0].slotId as string;
    const published = await injectAs(app, ada, 'POST', `/api/sceneactions/${sceneId}/publish`, { ...body, slotId });
    expect(published.statusCode, published.body).toBe(200);
    // Someone else's visible space: its owner actions answer 403, declared on each.
    expectDeclared('post', '/api/sceneactions/{id}/unpublish', await injectAs(app, bob, 'POST', `/api/sceneactions/${sceneId}/unpublish`), 403);
    expectDeclared('get', '/api/sceneaccess/{id}', await injectAs(app, bob, 'GET', `/api/sceneaccess/${sceneId}`), 403);
    // Moving a space into a slot that is not the caller's.
    expectDeclared('post', '/api/sceneactions/{id}/move', await injectAs(app, ada, 'POST', `/api/sceneactions/${sceneId}/move`, { slotId: unknownId }), 404);

    // A service code whose status no shared rule gives: a second group with the same title is a 409.
    expect((await injectAs(app, bob, 'POST', '/api/group', { title: 'Friends' })).statusCode).toBe(201);
    expectDeclared('post', '/api/group', await injectAs(app, bob, 'POST', '/api/group', { title: 'Friends' }), 409);
  });
});
