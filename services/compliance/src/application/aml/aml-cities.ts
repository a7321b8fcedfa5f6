import { readFileSync } from 'node:fs';
import path from 'node:path';
import { citiesOf, type CitiesCatalog } from '../../domain/aml/cities';

const CATALOG_FILE = path.join(__dirname, '../../../catalogs/cities.json');

/** The bundled cities catalog (`services/compliance/catalogs/cities.json`), read once. */
export class AmlCities {
  private catalog: CitiesCatalog | null = null;

  of(country: string) {
    this.catalog ??= JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as CitiesCatalog;
    return citiesOf(this.catalog, country);
  }
}
