// The one EXIF field worth keeping: Orientation. Phones store portrait photos sideways
// and set Orientation; browsers rotate JPEGs by it (CSS `image-orientation: from-image`
// is the default), so dropping it would show the avatar on its side. Everything else in
// EXIF (GPS position, camera serial, time, thumbnail) is what stripping is for.
import { dataView, startsWith } from './bytes.ts'

const ORIENTATION_TAG = 0x0112
const TYPE_SHORT = 3
const IFD_ENTRY_SIZE = 12
const LITTLE_ENDIAN = [0x49, 0x49] // "II"
const BIG_ENDIAN = [0x4d, 0x4d] // "MM"

/**
 * Orientation 2–8 from a TIFF structure (the body of an EXIF block), or null when it is
 * absent, 1 (upright), out of range or unreadable: all of which mean "leave it upright".
 */
export function exifOrientation(tiff: Uint8Array): number | null {
  const little = startsWith(tiff, LITTLE_ENDIAN)
  if (!little && !startsWith(tiff, BIG_ENDIAN)) return null
  if (tiff.length < 8) return null
  const view = dataView(tiff)
  if (view.getUint16(2, little) !== 42) return null
  const ifd = view.getUint32(4, little)
  if (ifd > tiff.length - 2) return null
  const count = view.getUint16(ifd, little)
  for (let entry = ifd + 2, i = 0; i < count && entry + IFD_ENTRY_SIZE <= tiff.length; i += 1, entry += IFD_ENTRY_SIZE) {
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue
    const value = view.getUint16(entry + 8, little)
    const wellFormed = view.getUint16(entry + 2, little) === TYPE_SHORT && view.getUint32(entry + 4, little) === 1
    return wellFormed && value >= 2 && value <= 8 ? value : null
  }
  return null
}

/** A big-endian TIFF structure whose only field is Orientation (26 bytes). */
export function orientationOnlyTiff(orientation: number): Uint8Array {
  const tiff = new Uint8Array(26)
  const view = dataView(tiff)
  tiff.set(BIG_ENDIAN, 0)
  view.setUint16(2, 42)
  view.setUint32(4, 8) // IFD0 follows the header
  view.setUint16(8, 1) // one entry
  view.setUint16(10, ORIENTATION_TAG)
  view.setUint16(12, TYPE_SHORT)
  view.setUint32(14, 1)
  view.setUint16(18, orientation)
  // Bytes 20–21 pad the value field; 22–25 say there is no next IFD.
  return tiff
}
