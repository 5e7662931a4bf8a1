// Mantine styles the realtime sidebars and the avatar chooser add to the shell's base set.
import '../../styles/mantine-forms.ts';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Loader.css';
