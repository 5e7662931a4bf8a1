// What other features mount: the editor's Publish & Share step opens PublishWizard; profile and
// viewer pages list spaces with SpaceGrid/SpaceCard.
export { PublishWizard, WIZARD_STEPS, type PublishWizardProps } from './PublishWizard.tsx';
export { SpaceCard } from './SpaceCard.tsx';
export { SpaceGrid } from './SpaceGrid.tsx';
export { PublishButton } from './PublishButton.tsx';
