import type { paths } from './generated/openapi.d.ts';

// Names for wire shapes, taken from the generated document so they follow the server's schemas.

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Operation<P extends keyof paths, M extends keyof paths[P]> = NonNullable<paths[P][M]>;

/** The JSON a path answers with on success (200 or 201). */
export type Answer<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { responses: infer Rs } ? Json<Rs[Extract<keyof Rs, 200 | 201>]> : never;

/** The JSON body a path takes. */
export type JsonBody<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;
