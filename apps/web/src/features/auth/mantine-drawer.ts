// Mantine styles for the signed-in header (avatar and profile drawer); the shell loads only its own.
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/NavLink.css';
