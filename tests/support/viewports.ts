/** The screen sizes the end-to-end tests look at pages in. */

/** A phone held upright: 390 × 844 CSS pixels (an iPhone 12 to 14). */
export const PHONE = { width: 390, height: 844 };

/** A desktop browser window. */
export const DESKTOP = { width: 1280, height: 900 };

/** A laptop's shorter window. */
export const LAPTOP = { width: 1280, height: 800 };
