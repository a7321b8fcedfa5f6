import { DomainError } from '@platform/contracts';

export interface City {
  name: string;
  region: string;
}

/** The bundled cities catalog as its file holds it: ISO country code to `[name, region]` pairs. */
export type CitiesCatalog = Readonly<Record<string, readonly (readonly [string, string])[]>>;

/** The cities of a country: `invalid_country` for a code that is malformed or not in the catalog. */
export function citiesOf(
  catalog: CitiesCatalog,
  country: string,
): { country: string; cities: City[] } {
  const code = /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : '';
  const cities = Object.prototype.hasOwnProperty.call(catalog, code) ? catalog[code] : undefined;
  if (!cities)
    throw new DomainError(
      'invalid_country',
      'country must be an ISO 3166-1 alpha-2 code the catalog covers',
    );
  return { country: code, cities: cities.map(([name, region]) => ({ name, region })) };
}
