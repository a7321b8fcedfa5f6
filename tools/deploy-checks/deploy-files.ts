import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** Helpers shared by the deploy checks: where things are, and YAML read the way the tools read it. */
export const repo_root = path.resolve(__dirname, '../..');

/** The deployables: every folder of services/. */
export function serviceFolders(): string[] {
  const services_dir = path.join(repo_root, 'services');
  return readdirSync(services_dir)
    .filter((name) => statSync(path.join(services_dir, name)).isDirectory())
    .sort();
}

/** One YAML document; `<<` merge keys resolved as docker compose resolves them. */
export function readYaml<T>(relative_path: string): T {
  return parse(readFileSync(path.join(repo_root, relative_path), 'utf8'), { merge: true }) as T;
}

/** Every document of a multi-document YAML file; a syntax error fails loudly. */
export function readYamlDocuments<T>(relative_path: string): T[] {
  const documents = parseAllDocuments(readFileSync(path.join(repo_root, relative_path), 'utf8'));
  return documents.map((document) => {
    if (document.errors.length > 0)
      throw new Error(`${relative_path}: ${document.errors[0].message}`);
    return document.toJS() as T;
  });
}
