// Mantine styles the library pages and upload dialogs add to the shell's base set.
import '../profile/mantine-profile.ts';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/dropzone/styles.css';
