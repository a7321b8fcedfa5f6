import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import type { ComplianceSettings } from '../../compliance.settings';
import { parsingListFile, type ListFormat } from '../../domain/aml/list-formats';
import { finishBetweenTurns } from '../../domain/aml/steps';
import type { Watchlist, WatchlistEntry } from '../../domain/aml/watchlist';
import { indexWatchlist } from '../../domain/aml/watchlist-index';

export const LISTS_DIR = path.join(__dirname, '../../../lists');

interface ListFile {
  path: string;
  format: ListFormat;
}

/** The list files the settings name, or the bundled samples. */
export function listFilesOf(settings: ComplianceSettings): ListFile[] {
  return [
    {
      path: settings.AML_SANCTIONS_LIST_FILE ?? path.join(LISTS_DIR, 'ofac-sdn.sample.csv'),
      format: 'ofac_sdn_csv',
    },
    {
      path: settings.AML_PEP_LIST_FILE ?? path.join(LISTS_DIR, 'pep.sample.csv'),
      format: 'opensanctions_csv',
    },
  ];
}

const logger = new Logger('compliance:aml-lists');

/**
 * The loaded lists. `refresh` reads the files and hashes their content: an unchanged hash keeps
 * the parsed lists, a changed one reparses them. A file that cannot be read keeps the lists
 * already loaded; with none loaded, screening is unavailable rather than clear by mistake.
 */
export class WatchlistSource {
  private loaded: Watchlist | null = null;

  constructor(private readonly files: readonly ListFile[]) {}

  async current(): Promise<Watchlist> {
    if (this.loaded) return this.loaded;
    await this.refresh();
    if (!this.loaded)
      throw new DomainError(
        'compliance_check_unavailable',
        'screening is unavailable; retry with the same idempotency key',
      );
    return this.loaded;
  }

  /** The refresh running, if any: refreshes run one after another. */
  private refreshing: Promise<boolean> = Promise.resolve(false);

  /**
   * Rereads the files; true when their content changed since the last load. One at a time: a
   * load that finished after a later one would bring back older lists.
   */
  refresh(): Promise<boolean> {
    const next = this.refreshing.then(() => this.reload());
    this.refreshing = next.catch(() => false);
    return next;
  }

  private async reload(): Promise<boolean> {
    let contents: string[];
    try {
      contents = await Promise.all(this.files.map((file) => readFile(file.path, 'utf8')));
    } catch (error) {
      logger.warn(`a list file could not be read; the loaded lists stay: ${String(error)}`);
      return false;
    }
    const hash = createHash('sha256');
    for (const content of contents) hash.update(createHash('sha256').update(content).digest());
    const version = hash.digest('hex').slice(0, 32);
    if (this.loaded?.version === version) return false;
    // Read and indexed a step at a time before screenings see them: the process serves meanwhile.
    const files: WatchlistEntry[][] = [];
    for (const [index, file] of this.files.entries())
      files.push(await finishBetweenTurns(parsingListFile(file.format, contents[index] ?? '')));
    const entries = files.flat();
    await indexWatchlist(entries);
    this.loaded = { entries, version };
    logger.log(`AML lists loaded: ${entries.length} entries (version ${version.slice(0, 8)})`);
    return true;
  }
}
