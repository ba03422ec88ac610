/** WCAG relative luminance of an sRGB channel (0–255). */
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/**
 * Black or white, whichever contrasts more with a `#rrggbb` background (the WCAG contrast ratio),
 * so a label stays readable on any colour a user picks.
 */
export function textColourOn(background: string): '#000' | '#fff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!match) return '#000';
  const [r, g, b] = match.slice(1).map((hex) => linear(parseInt(hex, 16))) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with black (L + 0.05) / 0.05 beats contrast with white 1.05 / (L + 0.05) above L ≈ 0.179.
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000' : '#fff';
}
