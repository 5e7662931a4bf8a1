export { AvatarLayer, animationForSpeed, type LocalPose, type RemoteAvatar } from './layer.ts';
export { buildRig, disposeRig, BONES, type AvatarRig, type BoneName } from './rig.ts';
export { emoteClips, locomotionClips } from './clips.ts';
