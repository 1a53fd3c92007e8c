// The pack's map as a picture: the points of every layer drawn on a canvas around the place (no
// tiles: nothing is fetched, and the pack holds the picture as a data: URL), with the search
// circle, a legend and a scale. Projected equirectangularly, which at a dossier's few kilometres
// is as good as Web Mercator.
export interface ImageLayer {
  label: string;
  color: string;
  points: readonly { lat: number; lon: number }[];
}

export interface ImageView {
  /** The box drawn: the circle around the place, else every point. */
  south: number;
  west: number;
  north: number;
  east: number;
}

const METRES_PER_DEGREE = 111_320;

/** The box to draw: the search circle with a margin, or the points' extent when there is no place. */
export function imageView(place: { lat: number; lon: number } | undefined, radiusMetres: number | undefined, layers: readonly ImageLayer[]): ImageView | undefined {
  if (place && radiusMetres) {
    const dLat = (radiusMetres * 1.15) / METRES_PER_DEGREE;
    const dLon = dLat / Math.max(Math.cos((place.lat * Math.PI) / 180), 1e-6);
    return { south: place.lat - dLat, north: place.lat + dLat, west: place.lon - dLon, east: place.lon + dLon };
  }
  const points = layers.flatMap((layer) => layer.points);
  if (points.length === 0) return undefined;
  const lats = points.map((point) => point.lat);
  const lons = points.map((point) => point.lon);
  const pad = 0.002;
  return { south: Math.min(...lats) - pad, north: Math.max(...lats) + pad, west: Math.min(...lons) - pad, east: Math.max(...lons) + pad };
}

/** Pixel position of a point in a width × height picture of the view (y grows downwards). */
export function project(view: ImageView, width: number, height: number, point: { lat: number; lon: number }): { x: number; y: number } {
  return { x: ((point.lon - view.west) / (view.east - view.west)) * width, y: ((view.north - point.lat) / (view.north - view.south)) * height };
}

/** The picture as a PNG data: URL; undefined where the browser has no 2D canvas. */
export function drawMapImage(layers: readonly ImageLayer[], place: { lat: number; lon: number } | undefined, radiusMetres: number | undefined, width = 800, height = 600): string | undefined {
  const view = imageView(place, radiusMetres, layers);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context || !view) return undefined;
  context.fillStyle = '#f4f1ea';
  context.fillRect(0, 0, width, height);
  if (place && radiusMetres) {
    const centre = project(view, width, height, place);
    const edge = project(view, width, height, { lat: place.lat + radiusMetres / METRES_PER_DEGREE, lon: place.lon });
    context.setLineDash([6, 6]);
    context.strokeStyle = '#555';
    context.beginPath();
    context.arc(centre.x, centre.y, Math.abs(centre.y - edge.y), 0, Math.PI * 2);
    context.stroke();
    context.setLineDash([]);
    context.fillStyle = '#000';
    context.fillRect(centre.x - 4, centre.y - 4, 8, 8);
  }
  for (const layer of layers) {
    context.fillStyle = layer.color;
    context.strokeStyle = 'rgba(0,0,0,0.5)';
    for (const point of layer.points) {
      const { x, y } = project(view, width, height, point);
      if (x < 0 || y < 0 || x > width || y > height) continue;
      context.beginPath();
      context.arc(x, y, 4, 0, Math.PI * 2);
      context.fill();
      context.stroke();
    }
  }
  context.font = '14px sans-serif';
  layers.forEach((layer, index) => {
    context.fillStyle = 'rgba(255,255,255,0.85)';
    context.fillRect(8, 8 + index * 20, 260, 20);
    context.fillStyle = layer.color;
    context.fillRect(12, 12 + index * 20, 12, 12);
    context.fillStyle = '#000';
    context.fillText(`${layer.label} (${layer.points.length})`, 30, 23 + index * 20);
  });
  return canvas.toDataURL('image/png');
}
