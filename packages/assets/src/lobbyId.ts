/**
 * The lobby space's id, the same in every database: `/explore/3d` links to it without asking the
 * server, and the seed (step 0005-lobby) creates or rebuilds the row under this id.
 */
export const LOBBY_SCENE_ID = '0193f1e0-7b1b-7c00-8a11-0000000000b1';
