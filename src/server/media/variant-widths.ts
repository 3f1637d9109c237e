/** The widths pages ask for: a card on a phone, a card on a wide screen or the article on a phone, and up. */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;

/** The widths made for an image `width` pixels wide: never wider than the image itself. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((candidate) => candidate < width);
  if (width <= VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!) widths.push(width);
  return widths;
}
