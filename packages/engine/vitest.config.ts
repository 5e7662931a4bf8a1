import { defineConfig } from 'vitest/config';

// three.js geometry, math and the BVH all run without a GPU, so engine unit tests stay in Node.
export default defineConfig({
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
