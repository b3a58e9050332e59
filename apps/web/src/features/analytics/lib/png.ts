import { downloadBlob } from '@/features/analytics/lib/csv';

// PNG of a chart: the SVG with its computed colours written in as attributes (the page's CSS variables do not reach an image),
// as a data: URL (the CSP allows data: images, not blob:), drawn on a canvas at twice the size.

const STYLED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'font-size',
  'font-family',
  'font-weight',
  'stop-color',
  'stop-opacity',
  'text-anchor',
  'dominant-baseline',
  'visibility',
];

function inlineStyles(source: Element, target: Element) {
  const computed = getComputedStyle(source);
  // Presentation attributes, not style attributes: the CSP refuses inline styles, even in a detached document.
  for (const name of STYLED) {
    const value = computed.getPropertyValue(name);
    if (value) target.setAttribute(name, value);
  }
  for (let index = 0; index < source.children.length; index += 1) {
    const child = target.children[index];
    if (child) inlineStyles(source.children[index]!, child);
  }
}

export function svgDataUrl(svg: SVGSVGElement, background: string): { url: string; width: number; height: number } {
  const { width, height } = svg.getBoundingClientRect();
  // A copy in an inert document (not a clone in the page, whose style attributes the CSP would check).
  const markup = new XMLSerializer().serializeToString(svg).replace(/\sstyle="[^"]*"/g, '');
  const copy = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const clone = copy.documentElement as unknown as SVGSVGElement;
  inlineStyles(svg, clone);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  if (!clone.getAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const rect = copy.createElementNS('http://www.w3.org/2000/svg', 'rect');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', background);
  clone.insertBefore(rect, clone.firstChild);
  const text = new XMLSerializer().serializeToString(clone);
  return { url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`, width, height };
}

export async function downloadSvgAsPng(svg: SVGSVGElement, fileName: string): Promise<void> {
  const background = getComputedStyle(svg.closest('[data-slot=card]') ?? document.body).backgroundColor || '#ffffff';
  const { url, width, height } = svgDataUrl(svg, background);
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
    image.src = url;
  });
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The chart could not be saved as an image.');
  downloadBlob(blob, fileName);
}
