// Mantine styles the header's notifications menu adds to the shell's (loaded with the menu's chunk).
import '@mantine/core/styles/Indicator.css';
