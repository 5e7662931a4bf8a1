import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { buildDemoDocument, DEMO_SPACES } from '@atrium/assets/demo-spaces';

/**
 * A new account (through the real sign-up over HTTP) that owns a draft holding the first demo space,
 * for the editor benches to open. Returns the draft's id and the demo's key.
 */
export async function ownedDemoDraft(baseURL: string, email: string, password: string): Promise<{ sceneId: string; demoKey: string; title: string }> {
  const space = DEMO_SPACES[0]!;
  const { access_token } = await tokenOverHttp(baseURL, { email, password, signUpName: 'Bench' });
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  const meta = (await (await fetch(`${baseURL}/api/scene/metadata`, { method: 'POST', headers, body: JSON.stringify({ title: space.title }) })).json()) as { sceneId: string; contentVersion: number };
  const document = buildDemoDocument(space, { sceneId: '00000000-0000-4000-8000-000000000000', label: 'Next' });
  const put = await fetch(`${baseURL}/api/scene/content/${meta.sceneId}`, { method: 'PUT', headers, body: JSON.stringify({ baseVersion: meta.contentVersion, document }) });
  if (put.status !== 200) throw new Error(`PUT content answered ${put.status}: ${await put.text()}`);
  return { sceneId: meta.sceneId, demoKey: space.demoKey, title: space.title };
}
