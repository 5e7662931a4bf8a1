export { BatchCommand, CommandTargetError, type Command, type EditScope } from './command.ts';
export { History, type HistoryChange, type HistoryOptions } from './history.ts';
export * from './commands/items.ts';
export * from './commands/structure.ts';
export * from './commands/style.ts';
export * from './commands/tours.ts';
export * from './commands/document.ts';
export * from './snapping.ts';
export { EditorTools, type EditorTool } from './tools.ts';
