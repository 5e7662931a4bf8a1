import { buildWebIfStale } from '../../scripts/build-if-stale.ts';

// e2e tests run against the production build of the web app, so build it once before any file starts.
export default function setup() {
  buildWebIfStale();
}
