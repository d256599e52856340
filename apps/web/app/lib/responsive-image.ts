import { IMAGE_WIDTHS } from '@prepwise/contract';

/**
 * `srcSet` for an uploaded picture (`/api/media/:id`): the API serves it at each of IMAGE_WIDTHS as
 * WebP (`?w=`), so the browser picks the copy that fits the slot's `sizes` on this screen. A picture
 * narrower than a width is served at its own size. Any other address (an external link) is left alone.
 */
export function responsiveImage(
  url: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  if (!/^\/api\/media\/[\w-]+$/.test(url)) return { src: url };
  return {
    src: url,
    srcSet: IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', '),
    sizes,
  };
}
