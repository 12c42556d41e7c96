// An image's size in pixels, as each format's reader (png.ts, jpeg.ts, webp.ts) finds it.
export interface Dimensions {
  width: number
  height: number
}
