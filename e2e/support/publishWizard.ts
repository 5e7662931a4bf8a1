import type { Page } from 'playwright-core';

/**
 * Opens the publish wizard the way an owner does, from the editor's Publish & Share step, and returns
 * its dialog once the first step shows. The editor waits for the 3D engine, which SwiftShader on a
 * busy machine can take minutes to start.
 */
export async function openPublishWizard(page: Page, sceneId: string) {
  await page.goto(`/editor/${sceneId}`);
  await page.getByTestId('editor').waitFor({ timeout: 150_000 });
  await page.getByTestId('step-publish').click();
  await page.getByTestId('open-publish-wizard').click();
  const wizard = page.getByRole('dialog');
  await wizard.getByLabel('Title').waitFor();
  return wizard;
}
