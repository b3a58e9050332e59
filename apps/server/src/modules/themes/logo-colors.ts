// A logo's dominant colours, for generateInitialTheme. Pure-JS decoders (pngjs, jpeg-js) keep native image libraries
// out of the server; the pixel dimensions are read from the header (image-size) before anything is decoded, so a small
// file claiming a huge canvas is refused before it can take the memory, and a PNG's compressed data may not unpack to
// more than its pixels need. All of it runs in a worker thread with a time limit (bounded-worker.ts): decoding a large
// image is seconds of CPU, which on the event loop would stall every request.
import zlib from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import quantize from 'quantize';
import { THEME_LOGO_MAX_BYTES, THEME_LOGO_MAX_PIXELS } from '@rampart/shared/themes';
import { mostBrandLike } from '@rampart/shared/theme-colors';
import { badInput } from '../../graphql/errors.ts';
import { runInWorker, WorkerLimitExceeded } from '../../lib/bounded-worker.ts';
import { UploadedFile } from '../../lib/graphql-uploads.ts';

/** At most this many pixels are read for the palette: plenty for a logo's few colours, bounded work for a large one. */
const SAMPLE_PIXELS = 20_000;
const PALETTE_SIZE = 6;
const MAX_SIDE = Math.round(Math.sqrt(THEME_LOGO_MAX_PIXELS));
/** A logo of the largest size decodes in a fraction of a second on an idle core; this leaves room for a busy machine. */
export const LOGO_DECODE_TIMEOUT_MS = 3_000;

const refuse = (message: string) => badInput({ logo: message });

/** What file-type calls a format, as people say it. */
const FORMAT_NAMES: Record<string, string> = {
  'image/gif': 'a GIF',
  'image/webp': 'a WebP image',
  'image/avif': 'an AVIF image',
  'image/heic': 'a HEIC image',
  'image/heif': 'a HEIF image',
  'image/bmp': 'a BMP image',
  'image/tiff': 'a TIFF image',
  'image/x-icon': 'an icon file',
  'image/vnd.microsoft.icon': 'an icon file',
  'application/pdf': 'a PDF',
  'application/zip': 'a ZIP archive',
};

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`.replace('.0 MB', ' MB');
}

/** The logo's type by its content: PNG or JPEG, anything else refused with a sentence naming what it is. */
async function logoType(bytes: Buffer): Promise<'png' | 'jpeg'> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'image/png') return 'png';
  if (detected?.mime === 'image/jpeg') return 'jpeg';
  const what = detected
    ? (FORMAT_NAMES[detected.mime] ?? `a ${detected.ext.toUpperCase()} file`)
    : /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('latin1'))
      ? 'an SVG'
      : null;
  throw refuse(what ? `The logo is ${what}: upload a PNG or JPEG.` : 'The logo is not an image we can read: upload a PNG or JPEG.');
}

/**
 * Whether a PNG is whole: every chunk complete with a matching CRC, IHDR first, image data, and IEND. pngjs decodes a
 * truncated file into its pixel buffer uninitialised (another request's memory as "colours"), so it is checked first.
 */
export function isCompletePng(bytes: Buffer): boolean {
  let offset = 8;
  let first = true;
  let sawData = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (zlib.crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) return false;
    if (first && type !== 'IHDR') return false;
    first = false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData;
    offset = end;
  }
  return false;
}

/** Whether a JPEG is whole: an end-of-image marker after its first scan (bytes after it, as some cameras add, are fine). */
export function isCompleteJpeg(bytes: Buffer): boolean {
  const scan = bytes.indexOf(Buffer.from([0xff, 0xda]), 2);
  return scan > 0 && bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) > scan;
}

/** RGBA pixels of the logo, after its header's dimensions were checked. */
function decode(bytes: Buffer, type: 'png' | 'jpeg'): { width: number; height: number; data: Uint8Array } {
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw refuse('The logo could not be read: the file may be damaged. Upload a PNG or JPEG.');
  }
  if (!size.width || !size.height) throw refuse('The logo could not be read: the file may be damaged. Upload a PNG or JPEG.');
  if (size.width * size.height > THEME_LOGO_MAX_PIXELS) {
    throw refuse(
      `The logo is ${size.width} × ${size.height} pixels: at most ${THEME_LOGO_MAX_PIXELS.toLocaleString('en-US')} pixels, such as ${MAX_SIDE} × ${MAX_SIDE}. Upload a smaller version.`,
    );
  }
  if (!(type === 'png' ? isCompletePng(bytes) : isCompleteJpeg(bytes)))
    throw refuse('The logo could not be read: the file may be damaged. Upload a PNG or JPEG.');
  if (type === 'png') checkPngDataSize(bytes, size);
  try {
    if (type === 'png') {
      const image = pngjs.PNG.sync.read(bytes);
      return { width: image.width, height: image.height, data: image.data };
    }
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: THEME_LOGO_MAX_PIXELS / 1_000_000 + 1,
      maxMemoryUsageInMB: 64,
    });
    return { width: image.width, height: image.height, data: image.data };
  } catch {
    throw refuse('The logo could not be read: the file may be damaged. Upload a PNG or JPEG.');
  }
}

/** The samples per pixel of each PNG colour type (IHDR byte 25 of the file). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Refuses a PNG whose compressed data unpacks to more than its pixels need (a decompression bomb: a few megabytes of
 * IDAT can inflate to gigabytes). The data is inflated with a cap before pngjs sees it.
 */
function checkPngDataSize(bytes: Buffer, size: { width: number; height: number }) {
  const bitDepth = bytes[24]!;
  const channels = PNG_CHANNELS[bytes[25]!] ?? 4;
  const rowBytes = Math.ceil((size.width * channels * bitDepth) / 8) + 1;
  // Adam7 interlacing adds a filter byte per row of each of its seven passes, never more than doubling the rows.
  const needed = rowBytes * size.height * (bytes[28] === 1 ? 2 : 1);
  const data: Buffer[] = [];
  for (let offset = 8; offset + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IDAT') data.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  try {
    zlib.inflateSync(Buffer.concat(data), { maxOutputLength: needed + 1024 });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw refuse(
        `The logo’s image data unpacks to more than its ${size.width} × ${size.height} pixels need: the file is damaged or built to overload the server. Upload a PNG or JPEG saved by an image editor.`,
      );
    }
    throw refuse('The logo could not be read: the file may be damaged. Upload a PNG or JPEG.');
  }
}

function hexOf([r, g, b]: readonly [number, number, number]): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** The dominant colours of decoded RGBA pixels, each with the share of sampled opaque pixels nearest to it. */
export function dominantColors(image: { width: number; height: number; data: Uint8Array }): { color: string; weight: number }[] {
  const total = image.width * image.height;
  const step = Math.max(1, Math.floor(total / SAMPLE_PIXELS));
  const pixels: quantize.RgbPixel[] = [];
  for (let index = 0; index < total; index += step) {
    const at = index * 4;
    // Transparent pixels are the logo's background, not its colours.
    if ((image.data[at + 3] ?? 0) < 128) continue;
    pixels.push([image.data[at]!, image.data[at + 1]!, image.data[at + 2]!]);
  }
  if (pixels.length === 0) return [];
  const palette = new Set(pixels.map((pixel) => pixel.join(',')));
  // quantize needs at least two distinct colours to split; a single-colour logo is its own palette.
  if (palette.size === 1) return [{ color: hexOf(pixels[0]!), weight: 1 }];
  const map = quantize(pixels, PALETTE_SIZE);
  if (!map) return [{ color: hexOf(pixels[0]!), weight: 1 }];
  const counts = new Map<string, { rgb: quantize.RgbPixel; count: number }>();
  for (const pixel of pixels) {
    const nearest = map.map(pixel);
    const key = nearest.join(',');
    const entry = counts.get(key) ?? { rgb: nearest, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count).map((entry) => ({ color: hexOf(entry.rgb), weight: entry.count / pixels.length }));
}

/** What the worker does with the logo's bytes (a Uint8Array once they crossed): its brand colour, or a refusal. */
export async function logoBrandColorTask(input: Uint8Array): Promise<string> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const type = await logoType(bytes);
  const colors = dominantColors(decode(bytes, type));
  if (colors.length === 0) throw refuse('The logo is fully transparent: upload one with visible colours, or give a brand colour.');
  return mostBrandLike(colors)!;
}

const thisModule = new URL(import.meta.url);

/**
 * The brand colour of an uploaded logo: PNG or JPEG by content, at most THEME_LOGO_MAX_BYTES and THEME_LOGO_MAX_PIXELS,
 * the most colourful of its dominant colours. Every refusal is BAD_USER_INPUT on the field `logo`.
 */
export async function brandColorOfLogo(file: unknown): Promise<string> {
  if (!(file instanceof UploadedFile)) throw refuse('Send the logo as a GraphQL multipart request (operations, map and the file).');
  if (file.isOverLimit || file.sizeBytes > THEME_LOGO_MAX_BYTES) throw refuse(`The logo is too large: at most ${megabytes(THEME_LOGO_MAX_BYTES)}.`);
  if (file.sizeBytes === 0) throw refuse('The logo file is empty.');
  try {
    return await runInWorker<string>(thisModule, 'logoBrandColorTask', file.bytes, { timeoutMs: LOGO_DECODE_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof WorkerLimitExceeded) {
      throw refuse(
        error.limit === 'time'
          ? `Reading the logo took longer than ${LOGO_DECODE_TIMEOUT_MS / 1000} s and was stopped: upload a simpler PNG or JPEG, or give a brand colour.`
          : 'Reading the logo needed more memory than any logo should and was stopped: upload a smaller PNG or JPEG, or give a brand colour.',
      );
    }
    throw error;
  }
}
