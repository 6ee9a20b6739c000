import { describe, expect, it } from 'vitest';
import { CoordinateMessages, parseCoordinates, parseDegree } from './coordinates';

const warsaw = { coordinates: { latitude: 52.2297, longitude: 21.0122 } };
const near = (input: string, latitude: number, longitude: number) => {
  const parsed = parseCoordinates(input);
  expect(parsed, input).toHaveProperty('coordinates');
  const { coordinates } = parsed as { coordinates: { latitude: number; longitude: number } };
  expect(coordinates.latitude, input).toBeCloseTo(latitude, 4);
  expect(coordinates.longitude, input).toBeCloseTo(longitude, 4);
};

describe('parseCoordinates: a pair of numbers', () => {
  it.each([
    '52.2297, 21.0122',
    '52.2297,21.0122',
    ' 52.2297 21.0122 ',
    '52.2297;21.0122',
    '52,2297, 21,0122',
    '52,2297 21,0122',
    '52,2297; 21,0122',
    '52.2297° N, 21.0122° E',
    '52.2297N 21.0122E',
  ])('%s', (input) => expect(parseCoordinates(input)).toEqual(warsaw));

  it('negative degrees and the southern and western hemispheres', () => {
    near('-33.8568, 151.2153', -33.8568, 151.2153);
    near('40.6892° N, 74.0445° W', 40.6892, -74.0445);
    near('33.8568 S, 151.2153 E', -33.8568, 151.2153);
  });

  it('degrees, minutes and seconds as Google shows them', () => {
    near(`52°13'47.0"N 21°00'44.0"E`, 52.229722, 21.012222);
    near(`40°41′21″N 74°02′40″W`, 40.689167, -74.044444);
  });

  it('refuses out-of-range values and text that holds no pair', () => {
    for (const input of ['91, 21', '52, 181', '52.2297', 'Rynek 1, Warszawa', '', 'abc, def'])
      expect(parseCoordinates(input), input).toEqual({ error: CoordinateMessages.notFound });
  });
});

describe('parseCoordinates: map links', () => {
  it.each([
    ['Google, the view', 'https://www.google.com/maps/@52.2297,21.0122,17z'],
    ['Google, search', 'https://www.google.com/maps/search/?api=1&query=52.2297%2C21.0122'],
    ['Google, q', 'https://maps.google.com/?q=52.2297,21.0122'],
    ['Google, directions', 'https://www.google.com/maps/dir/?api=1&destination=52.2297,21.0122'],
    ['Apple, ll', 'https://maps.apple.com/?ll=52.2297,21.0122&q=Kawiarnia'],
    ['Apple, coordinate', 'https://maps.apple.com/place?coordinate=52.2297,21.0122&name=Kawiarnia'],
    [
      'OpenStreetMap, marker',
      'https://www.openstreetmap.org/?mlat=52.2297&mlon=21.0122#map=19/52.2300/21.0100',
    ],
    ['OpenStreetMap, view', 'https://www.openstreetmap.org/#map=17/52.2297/21.0122'],
    ['geo: URI', 'geo:52.2297,21.0122?z=17'],
  ])('%s', (_name, link) => expect(parseCoordinates(link)).toEqual(warsaw));

  it("a Google place link: the place's pin (!3d!4d), not the view's centre (@)", () =>
    expect(
      parseCoordinates(
        'https://www.google.com/maps/place/Kawiarnia/@52.2300,21.0100,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d52.2297!4d21.0122!16s',
      ),
    ).toEqual(warsaw));

  it('a short link carries no coordinates: says how to copy them instead', () => {
    expect(parseCoordinates('https://maps.app.goo.gl/AbCdEf123')).toEqual({
      error: CoordinateMessages.shortLink,
    });
    expect(CoordinateMessages.shortLink).toContain('prawym przyciskiem');
  });

  it('a link without coordinates is not understood', () =>
    expect(parseCoordinates('https://www.google.com/maps/place/Kawiarnia+Pod+Lip%C4%85')).toEqual({
      error: CoordinateMessages.notFound,
    }));
});

describe('parseDegree', () => {
  it('reads a dot or a Polish comma, refuses anything else', () => {
    expect(parseDegree('52,2297')).toBe(52.2297);
    expect(parseDegree(' -21.5 ')).toBe(-21.5);
    expect(parseDegree('52.2297, 21')).toBeNull();
    expect(parseDegree('')).toBeNull();
    expect(parseDegree('abc')).toBeNull();
  });
});
