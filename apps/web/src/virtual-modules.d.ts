// Modules the Vite plugins in apps/web serve.
declare module 'virtual:atrium-mantine-styles';
