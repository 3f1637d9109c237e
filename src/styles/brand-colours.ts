// The owner's two brand colours (Settings) replace the built-in ones through the theme's own CSS custom
// properties, set on the page's root element: every page takes them at once, with no rebuild, and the
// page cache empties on a settings change like on any other.
import { vars } from './theme.css.ts';

/** `var(--name)` as vanilla-extract writes a theme variable, to its bare `--name`. */
function propertyOf(variable: string): string {
  return variable.replace(/^var\((--[^,)]+).*$/, '$1');
}

/** The root element's style attribute that applies the owner's colours, e.g. `--color-brandNavy__x:#123456`. */
export function brandColourStyle(colours: { brandPrimaryColor: string; brandAccentColor: string }): string {
  return [
    `${propertyOf(vars.color.brandNavy)}:${colours.brandPrimaryColor}`,
    `${propertyOf(vars.color.orangeDark)}:${colours.brandAccentColor}`,
  ].join(';');
}
