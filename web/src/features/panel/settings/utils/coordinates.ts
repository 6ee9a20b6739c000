/**
 * Coordinates from what an owner pastes (ADR 0057), in the browser, without asking any server: nothing is
 * fetched (no geocoding, no map tiles). Understood:
 * - a pair of decimal degrees: `52.2297, 21.0122`, `52,2297 21,0122` (Polish decimal commas), `52.2297;21.0122`,
 *   with or without hemisphere letters (`52.2297° N, 21.0122° E`, `S`/`W` are negative);
 * - degrees, minutes and seconds as Google shows them: `52°13'47.0"N 21°00'44.0"E`;
 * - links to a place on Google Maps (`…/@52.2297,21.0122,17z`, `!3d52.2297!4d21.0122`, `?q=`, `?query=`,
 *   `?ll=`, `?destination=`), Apple Maps (`?ll=`, `?q=`, `?coordinate=`, `?sll=`), OpenStreetMap
 *   (`?mlat=…&mlon=…`, `#map=17/52.2297/21.0122`) and `geo:` URIs.
 * A short link (maps.app.goo.gl, goo.gl/maps) carries no coordinates: it cannot be read without the internet.
 */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:[.,]\d+)?`;
/** two numbers apart: a comma or semicolon (with spaces), or only spaces */
const PAIR = new RegExp(String.raw`^(${NUMBER})\s*(?:[,;]\s*|\s+)(${NUMBER})$`);
const HEMISPHERE_PAIR = new RegExp(
  String.raw`^(${NUMBER})\s*°?\s*([NS])\s*[,;]?\s*(${NUMBER})\s*°?\s*([EW])$`,
  'i',
);
const DMS = String.raw`(\d{1,3})\s*°\s*(?:(\d{1,2}(?:[.,]\d+)?)\s*['′’]\s*)?(?:(\d{1,2}(?:[.,]\d+)?)\s*(?:"|″|”|''|′′)\s*)?([NSEW])`;
const DMS_PAIR = new RegExp(String.raw`^${DMS}\s*[,;]?\s*${DMS}$`, 'i');

const SHORT_LINK = /^https?:\/\/(?:maps\.app\.goo\.gl|goo\.gl\/maps|g\.co\/kgs)\//i;

export const CoordinateMessages = {
  notFound:
    'Nie rozpoznano współrzędnych. Wklej je w postaci „52.2297, 21.0122” albo link z mapy zawierający współrzędne.',
  shortLink:
    'Skrócony link (maps.app.goo.gl) nie zawiera współrzędnych. W Mapach Google kliknij miejsce prawym przyciskiem myszy i kliknij liczby na górze menu — skopiują się do schowka.',
} as const;

const toNumber = (text: string) => Number(text.replace(',', '.'));

function valid(latitude: number, longitude: number): Coordinates | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return null;
  return { latitude, longitude };
}

/** `12°30'15"S` → -12.504… */
function fromDms(deg: string, min: string | undefined, sec: string | undefined, hemisphere: string): number {
  const value = toNumber(deg) + toNumber(min ?? '0') / 60 + toNumber(sec ?? '0') / 3600;
  return /[SW]/i.test(hemisphere) ? -value : value;
}

function fromText(raw: string): Coordinates | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  const pair = PAIR.exec(text);
  if (pair) return valid(toNumber(pair[1]!), toNumber(pair[2]!));
  const lettered = HEMISPHERE_PAIR.exec(text);
  if (lettered) {
    const [, lat, ns, lon, ew] = lettered;
    return valid(
      /s/i.test(ns!) ? -Math.abs(toNumber(lat!)) : toNumber(lat!),
      /w/i.test(ew!) ? -Math.abs(toNumber(lon!)) : toNumber(lon!),
    );
  }
  const dms = DMS_PAIR.exec(text);
  if (dms && /[NS]/i.test(dms[4]!) && /[EW]/i.test(dms[8]!))
    return valid(fromDms(dms[1]!, dms[2], dms[3], dms[4]!), fromDms(dms[5]!, dms[6], dms[7], dms[8]!));
  return null;
}

/** the coordinates a map link carries, most precise first (the place's pin before the view's centre) */
function fromUrl(url: URL): Coordinates | null {
  const whole = decodeURIComponent(url.href);
  const pin = /!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/.exec(whole);
  if (pin) return valid(Number(pin[1]), Number(pin[2]));
  const mlat = url.searchParams.get('mlat');
  const mlon = url.searchParams.get('mlon');
  if (mlat && mlon) return valid(Number(mlat), Number(mlon));
  for (const key of ['q', 'query', 'll', 'coordinate', 'destination', 'daddr', 'center', 'sll']) {
    const value = url.searchParams.get(key);
    const found = value ? fromText(value) : null;
    if (found) return found;
  }
  const at = /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(whole);
  if (at) return valid(Number(at[1]), Number(at[2]));
  const osm = /map=\d+(?:\.\d+)?\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)/.exec(url.hash);
  if (osm) return valid(Number(osm[1]), Number(osm[2]));
  return null;
}

function readCoordinates(text: string): Coordinates | null {
  const geo = /^geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/i.exec(text);
  if (geo) return valid(Number(geo[1]), Number(geo[2]));
  if (!/^https?:\/\//i.test(text)) return fromText(text);
  try {
    return fromUrl(new URL(text));
  } catch {
    return null;
  }
}

/**
 * The coordinates in a pasted text or link, or why there are none (a Polish message for the field).
 */
export function parseCoordinates(input: string): { coordinates: Coordinates } | { error: string } {
  const text = input.trim();
  if (SHORT_LINK.test(text)) return { error: CoordinateMessages.shortLink };
  const found = readCoordinates(text);
  return found ? { coordinates: found } : { error: CoordinateMessages.notFound };
}

/** a typed latitude or longitude (`52,2297` or `52.2297`), or null when it is not a number */
export function parseDegree(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?\d{1,3}(?:\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}
