// Query keys of the social sidebars, shared with Explore so counts agree everywhere. Kept apart from
// api.ts so the viewer's first chunk (useRecordView) does not carry the panels' hooks.
export const socialKeys = {
  card: (id: string) => ['viewer', 'card', id] as const,
  likes: (id: string) => ['scenelike', id] as const,
  favourite: (id: string) => ['scenefavourite', id] as const,
  comments: (id: string) => ['scenecomment', id] as const,
  follow: (userId: string) => ['userFollow', userId] as const,
  others: (tab: string, sceneId: string) => ['explore', 'viewer', tab, sceneId] as const,
};
