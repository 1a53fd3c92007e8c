// Reading an exported PNG's pixels in the page (an <img> drawn on a canvas): decode once, then ask
// how many pixels of a colour a box holds, or the longest dark run (a scale bar).
import type { Page } from './fixtures.ts';

export type Rgb = [number, number, number];

/** Decodes the PNG in the page (an <img> drawn on a canvas) and keeps its pixels for the probes below. */
export async function decodeInPage(page: Page, base64: string): Promise<{ width: number; height: number }> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    (window as unknown as { sheetPixels: ImageData }).sheetPixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: canvas.width, height: canvas.height };
  }, base64);
}

/** How many pixels within the box are within `tolerance` of the colour. */
export function countColor(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  rgb: Rgb,
  tolerance = 40,
): Promise<number> {
  return page.evaluate(
    ({ box, rgb, tolerance }) => {
      const pixels = (window as unknown as { sheetPixels: ImageData }).sheetPixels;
      let count = 0;
      for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(pixels.height, box.y + box.height); y += 1) {
        for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(pixels.width, box.x + box.width); x += 1) {
          const at = (y * pixels.width + x) * 4;
          const distance =
            Math.abs(pixels.data[at]! - rgb[0]) + Math.abs(pixels.data[at + 1]! - rgb[1]) + Math.abs(pixels.data[at + 2]! - rgb[2]);
          if (distance <= tolerance) count += 1;
        }
      }
      return count;
    },
    { box, rgb, tolerance },
  );
}

/** The longest horizontal run of dark pixels in the box (the scale bar; text makes no long runs). */
export function longestDarkRun(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<number> {
  return page.evaluate((box) => {
    const pixels = (window as unknown as { sheetPixels: ImageData }).sheetPixels;
    let longest = 0;
    for (let y = Math.floor(box.y); y < box.y + box.height; y += 1) {
      let run = 0;
      for (let x = Math.floor(box.x); x < box.x + box.width; x += 1) {
        const at = (y * pixels.width + x) * 4;
        run = pixels.data[at]! + pixels.data[at + 1]! + pixels.data[at + 2]! < 200 ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
    }
    return longest;
  }, box);
}

export const rgbOf = (css: string): Rgb => {
  const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(css);
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)];
  const [r, g, b] = [...css.matchAll(/\d+/g)].map((match) => Number(match[0]));
  return [r!, g!, b!];
};
