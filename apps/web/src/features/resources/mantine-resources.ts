// Mantine styles the content editor adds to the shell's base set (imported by CmsEditor.tsx, a staff-only chunk).
import '../../styles/mantine-forms.ts';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
