/**
 * A 204 answer, no body. In the content form Fastify compiles no serializer for it, and the document
 * and the typed client learn that the call returns nothing.
 */
export const noContent = { description: 'No content', content: {} } as const;
