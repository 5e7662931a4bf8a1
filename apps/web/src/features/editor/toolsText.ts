import { i18n } from '../../i18n/index.ts';
import { toolsFr } from './i18n.fr.ts';

// English text of the room-builder tools, the view toggle, the mini map and the inspection tool.
// Merged into the editor bundle (editor.*) without touching the other editor texts.
export const toolsText = {
  editor: {
    tools: {
      boxScale: 'Box scale (stretch one axis)',
      inspect: 'Inspect',
      interior: 'Interior view (V)',
      exterior: 'Exterior view (V)',
      map: 'Map (M)',
    },
    inspection: {
      title: 'Inspection',
      hint: 'Click an item or a wall to see its details.',
      size: 'Size (w × h × d)',
      position: 'Position',
      rotation: 'Rotation',
      scale: 'Scale',
      wall: 'Wall',
      level: 'Level {{n}}',
      length: 'Length',
      height: 'Height',
      thickness: 'Thickness',
      openings: 'Openings',
      openingsValue: '{{doors}} doors, {{windows}} windows',
      loading: 'still loading',
      kinds: {
        pictures: 'Picture', videos: 'Video', texts3d: '3D text', models3d: '3D model', portals: 'Portal',
        infoPoints: 'Info point', props: 'Prop', liveVideos: 'Live video', webViews3d: 'Web view',
      },
    },
    map: {
      title: 'Map',
      canvas: 'Plan of the level being edited, with the camera and the entry point',
      hint: 'Click to move the camera there. Green: entry point.',
    },
    walls: {
      split: 'Split',
      splitTitle: 'Split the selected wall in the middle',
      splitTool: 'Split walls by clicking',
      splitHint: 'Click on a wall of this level to split it there (on the grid).',
      join: 'Join',
      joinTitle: 'Join the selected wall with the straight wall continuing it',
      cannotJoin: 'No straight wall of the same size continues this one.',
    },
  },
};

i18n.addResourceBundle('en', 'translation', toolsText, true, false);
i18n.addResourceBundle('fr', 'translation', toolsFr, true, false);
