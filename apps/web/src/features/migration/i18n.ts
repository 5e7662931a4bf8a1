import { i18n } from '../../i18n/index.ts';
import { migrationFr } from './i18n.fr.ts';

// The /artsteps-migration page (spec §2 content-migration page), English; French beside it.
export const migrationText = {
  migration: {
    eyebrow: 'Content migration',
    title: 'Move your exhibitions from Artsteps to Atrium',
    lead: 'Bring the pictures, titles and descriptions of your Artsteps galleries into Atrium spaces you keep editing, publish on your own link and open to up to 25 visitors at a time.',
    carriesTitle: 'What comes with you',
    carries: {
      images: {
        title: 'Pictures and their texts',
        text: 'Every image you exhibited, with its title and description shown in the info panel when a visitor clicks it.',
      },
      models: {
        title: '3D models',
        text: 'GLB, glTF and OBJ files go through the same checks as any upload and are placed, scaled and turned in the editor.',
      },
      videos: {
        title: 'Videos',
        text: 'MP4 and WebM videos play on walls and screens; YouTube links can be shown as web views.',
      },
      tours: {
        title: 'Guided tours',
        text: 'A guided tour becomes a story path: the same stops in the same order, with your text at each one.',
      },
    },
    stepsTitle: 'Five steps to move a gallery',
    steps: {
      gather: {
        title: 'Gather your originals',
        text: 'Collect the original files of every work you showed, and list their titles and descriptions in a spreadsheet or text file. Originals look sharper than copies saved from a browser.',
      },
      space: {
        title: 'Pick a space',
        text: 'Start from a premade gallery in the size closest to your exhibition, or draw your own rooms, walls and doors with the room builder.',
      },
      upload: {
        title: 'Upload to your library',
        text: 'Add the pictures, videos and models to My Library. They stay there for every space you build later.',
      },
      hang: {
        title: 'Hang and describe',
        text: 'Place each work on a wall, paste its title and description, and choose where visitors enter.',
      },
      publish: {
        title: 'Recreate the tour and publish',
        text: 'Turn the guided tour into a story path, publish the space into your slot and share its link or embed it on your site.',
      },
    },
    wordsTitle: 'Words that change',
    wordsCaption: 'Artsteps terms and their Atrium counterparts',
    wordsThem: 'On Artsteps',
    wordsUs: 'In Atrium',
    words: {
      exhibition: { them: 'Exhibition', us: 'Space (a draft until you publish it)' },
      artifact: {
        them: 'Artifact',
        us: 'Content item: image, video, 3D model, 3D text, hypertext or web view',
      },
      tour: { them: 'Guided tour', us: 'Story path' },
      designer: { them: 'Space designer', us: 'Editor steps Define Space and Shape Style' },
      profile: { them: 'Profile page', us: 'Profile, and districts for organisations on the Pro plan' },
    },
    helpTitle: 'Moving a large collection?',
    helpText:
      'For hundreds of works or several exhibitions, tell us what you have and we will plan the move with you.',
    start: 'Start building free',
    askHelp: 'Ask for migration help',
    guides: 'Read the guides',
    contactSubject: 'Artsteps migration',
    import: {
      title: 'Import a gallery export',
      lead: 'Upload a zip of your pictures with a JSON or CSV file of titles and descriptions (columns file, title, description). We create a new draft space and hang up to {{images}} pictures on its walls. At most {{size}} per zip.',
      signIn: 'Sign in to import',
      file: 'Gallery export (.zip)',
      filePlaceholder: 'Choose a zip file',
      spaceTitle: 'Name of the new space (optional)',
      start: 'Import',
      progress: 'Import progress',
      uploading: 'Uploading… {{percent}}%',
      processing: 'Checking pictures and hanging them on the walls…',
      tooBig: 'This zip is larger than {{size}}',
      failed: 'The import failed. Please try again.',
      failedTitle: 'Import failed',
      doneTitle: 'Import finished',
      imported_one: '{{count}} picture hung in your new draft space.',
      imported_other: '{{count}} pictures hung in your new draft space.',
      skipped_one: '{{count}} file was skipped:',
      skipped_other: '{{count}} files were skipped:',
      reasons: {
        unsupportedType: 'not a JPEG, PNG or WebP picture',
        corruptImage: 'the picture is damaged and could not be read',
        missingImage: 'named in the metadata but not in the zip',
        overCap: 'over the limit of {{max}} pictures per import',
        tooManyPixels: 'the picture has too many pixels',
      },
      openEditor: 'Open the draft in the editor',
    },
  },
};

i18n.addResourceBundle('en', 'translation', migrationText, true, false);
i18n.addResourceBundle('fr', 'translation', migrationFr, true, false);
