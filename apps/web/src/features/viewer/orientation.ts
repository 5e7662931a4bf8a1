// The landscape suggestion (spec §2 Viewer): phones held upright, 600 px wide or less.
export const PHONE_MAX_WIDTH = 600;

export const suggestLandscape = (width: number, height: number): boolean => width <= PHONE_MAX_WIDTH && height > width;
