// Draws the chosen crop of an image, rotated, onto a canvas and returns it as a JPEG (spec §5 crop output).
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image failed to load'));
    img.src = src;
  });
}

export async function cropToJpeg(
  src: string,
  area: PixelArea,
  rotationDeg: number,
  size = 512,
  type = 'image/jpeg',
): Promise<Blob> {
  const img = await loadImage(src);
  const rad = (rotationDeg * Math.PI) / 180;
  // react-easy-crop reports the area in the rotated image's bounding box; draw that box first.
  const bw = Math.abs(Math.cos(rad) * img.width) + Math.abs(Math.sin(rad) * img.height);
  const bh = Math.abs(Math.sin(rad) * img.width) + Math.abs(Math.cos(rad) * img.height);
  const rotated = document.createElement('canvas');
  rotated.width = Math.round(bw);
  rotated.height = Math.round(bh);
  const rc = rotated.getContext('2d')!;
  rc.translate(bw / 2, bh / 2);
  rc.rotate(rad);
  rc.drawImage(img, -img.width / 2, -img.height / 2);
  const out = document.createElement('canvas');
  out.width = size;
  out.height = size;
  const oc = out.getContext('2d')!;
  oc.fillStyle = '#fff';
  oc.fillRect(0, 0, size, size);
  oc.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    out.toBlob((b) => (b ? resolve(b) : reject(new Error('encoding failed'))), type, 0.9),
  );
}
