import path from 'node:path';
import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import { createPool, migrate, withTransaction } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { ContractTemplates } from '../../application/contracts/contract-templates';
import { execute } from '../../domain/contracts/envelope-decide';
import type { EnvelopeSignature, EnvelopeState } from '../../domain/contracts/envelope-state';
import { ContractEnvelopesRepository } from './contract-envelopes.repository';
import { ContractTemplatesRepository } from './contract-templates.repository';

const SCHEMA = 'compliance';
const ORG = 'org-contracts';
const ACCOUNT = '11111111-2222-4333-8444-555555555555';

const templateCommand = (name: string, idempotency_key: string | null = null) => ({
  org_id: ORG,
  admin_id: 'adm-1',
  name,
  title: 'Agreement',
  body: 'Between us and {{client}}.',
  fields: [{ name: 'client', label: 'Client', required: true }],
  idempotency_key,
});

const signatureOf = (code: string): EnvelopeSignature => ({
  signed_at: new Date().toISOString(),
  signer_name: 'Ana',
  signer_email: 'ana@example.com',
  code,
  sha256: 'b'.repeat(64),
  pdf_key: `contracts/${ACCOUNT}/${code}.pdf`,
});

/** Contract templates and envelopes on a real PostgreSQL: versions, keys and signing races. */
describe('contract templates and envelopes (PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: Pool;
  let templates: ContractTemplatesRepository;
  let envelopes: ContractEnvelopesRepository;
  let service: ContractTemplates;

  beforeAll(async () => {
    database = await createTestDatabase('cmp_contracts');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 8 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../../migrations'),
    });
    templates = new ContractTemplatesRepository(pool);
    envelopes = new ContractEnvelopesRepository(pool);
    service = new ContractTemplates(pool, templates);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('numbers versions saved at once 1 to n; only the newest stays active', async () => {
    const saved = await Promise.all(
      Array.from({ length: 6 }, () => service.create(templateCommand('race'))),
    );
    expect(saved.map((row) => row.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    const listed = (await service.list({ org_id: ORG, limit: 100, offset: 0 })).templates.filter(
      (row) => row.name === 'race',
    );
    expect(listed.filter((row) => row.status === 'active').map((row) => row.version)).toEqual([6]);
    const oldest = saved.find((row) => row.version === 1)!;
    expect(await templates.isSuperseded(pool, oldest.template_id)).toBe(true);
    expect((await templates.resolve(ORG, 'race'))?.version).toBe(6);
    expect(await templates.resolve('another-org', 'race')).toBeNull();
    expect(await templates.resolve('another-org', oldest.template_id)).toBeNull();
  });

  it('makes one version of one idempotency key, however many ask at once', async () => {
    const saved = await Promise.all(
      Array.from({ length: 5 }, () => service.create(templateCommand('keyed', 'tpl-key-1'))),
    );
    expect(new Set(saved.map((row) => row.template_id)).size).toBe(1);
    await expect(
      service.create({ ...templateCommand('keyed', 'tpl-key-1'), title: 'Another' }),
    ).rejects.toMatchObject({ code: 'idempotency_conflict' });
  });

  it('lets one of two racing signers sign; the other is told it is signed already', async () => {
    const template = (await templates.resolve(ORG, 'race'))!;
    const { state } = execute(
      {
        type: 'create',
        data: {
          envelope_id: '99999999-8888-4777-8666-555555555555',
          org_id: ORG,
          account_id: ACCOUNT,
          template_id: template.template_id,
          template_name: template.name,
          template_version: template.version,
          title: template.title,
          body: 'Between us and Ana.',
          fields: { client: 'Ana' },
          sent_by: 'org_admin:adm-1',
          now: new Date().toISOString(),
        },
      },
      null,
    );
    const created = state as EnvelopeState;
    expect(
      await withTransaction(pool, (client) =>
        envelopes.insert(client, created, { key: null, request_hash: 'h' }),
      ),
    ).toBe(true);
    const sign = (code: string) =>
      withTransaction(pool, async (client) => {
        const locked = await envelopes.lock(client, ACCOUNT, created.envelope_id);
        const signed = execute(
          {
            type: 'sign',
            data: { consent: true, template_superseded: false, signature: signatureOf(code) },
          },
          locked,
        ).state!;
        await envelopes.save(client, signed);
        return code;
      });
    const results = await Promise.allSettled([sign('CTR-AAAAAAAAAAAA'), sign('CTR-BBBBBBBBBBBB')]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    expect((lost[0] as PromiseRejectedResult).reason.code).toBe('duplicate');
    const winner = (won[0] as PromiseFulfilledResult<string>).value;
    expect((await envelopes.findByCode(winner))?.signature?.code).toBe(winner);
    const loser = winner === 'CTR-AAAAAAAAAAAA' ? 'CTR-BBBBBBBBBBBB' : 'CTR-AAAAAAAAAAAA';
    expect(await envelopes.findByCode(loser)).toBeNull();
    // Another account reads nothing of it.
    expect(
      await envelopes.read('00000000-0000-4000-8000-000000000000', created.envelope_id),
    ).toBeNull();
    expect(await envelopes.read(ACCOUNT, 'not-a-uuid')).toBeNull();
  });
});
