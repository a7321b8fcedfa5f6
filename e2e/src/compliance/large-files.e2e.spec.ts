import {
  disputesClient,
  expectError,
  json,
  payoutsClient,
  pix,
  reviewsClient,
  type DisputesClient,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

/** A 3 MB PDF: a valid header, then padding. Far over what a Kafka message may carry (~1 MB). */
const LARGE_PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(3 * 1024 * 1024, 'large evidence padding\n'),
]);

/**
 * Files of several megabytes travel between the gateway and compliance as references to a shared
 * store, never as bytes on the bus (the claim check): on the distributed runtime too, a 3 MB
 * evidence or review file is stored and downloads back byte for byte.
 */
describe('compliance: large files', () => {
  let platform: E2ePlatform;
  const target = () => platform.environments.test;
  let disputes: DisputesClient;
  const payouts = payoutsClient(target);
  const reviews = reviewsClient(target);

  beforeAll(async () => {
    platform = await startPlatform({ label: 'largefiles', settings: { SANDBOX_STEP_MS: '50' } });
    disputes = disputesClient(target());
  });
  afterAll(async () => platform.close());

  it('takes a 3 MB dispute evidence file and downloads it back byte-identical', async () => {
    const account = await disputes.account('large-evidence');
    const payin_id = await disputes.creditedCardPayin(account, '31.55');
    const dispute = await disputes.awaitDisputeOf(account, payin_id);
    const answered = await disputes.submitEvidenceFiles(account, dispute.dispute_id, {
      text: 'the signed contract',
      files: [{ bytes: LARGE_PDF, filename: 'contract.pdf', type: 'application/pdf' }],
    });
    expect([answered.status, answered.body?.error]).toEqual([200, undefined]);
    const [file] = answered.body.evidence!.files;
    expect(file).toEqual({
      file_id: expect.any(String),
      filename: 'contract.pdf',
      content_type: 'application/pdf',
      size_bytes: LARGE_PDF.length,
    });
    const download = await disputes.download(account, dispute.dispute_id, file!.file_id);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="contract.pdf"; filename*=UTF-8''contract.pdf`,
    );
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(LARGE_PDF.length);
    expect(bytes.equals(LARGE_PDF)).toBe(true);
    // A second download reads the stored file again (the transfer copy of the first is gone).
    const again = await disputes.download(account, dispute.dispute_id, file!.file_id);
    expect(Buffer.from(await again.arrayBuffer()).equals(LARGE_PDF)).toBe(true);
  });

  it('takes a 3 MB firewall review file, refuses a 3 MB unsupported one and keeps only the first', async () => {
    const account = await payouts.register();
    const created = await payouts.create(
      account,
      pix('5.77', { idempotency_key: `large-files-${Date.now()}` }),
    );
    expect([created.status, created.body.status]).toEqual([202, 'in_review']);
    const review_id = created.body.review_id as string;
    const stored = await json<{ file_id: string; size_bytes: number; content_type: string }>(
      await reviews.upload(account, review_id, { bytes: LARGE_PDF, filename: 'statement.pdf' }),
      201,
    );
    expect(stored).toMatchObject({ content_type: 'application/pdf', size_bytes: LARGE_PDF.length });
    await expectError(
      await reviews.upload(account, review_id, {
        bytes: Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), LARGE_PDF]),
        filename: 'program.pdf',
      }),
      415,
      'unsupported_file_type',
    );
    const review = await reviews.read(account, review_id);
    expect(review.files.map((f) => f.file_id)).toEqual([stored.file_id]);
    const download = await reviews.download(account, review_id, stored.file_id);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(LARGE_PDF)).toBe(true);
    const operator = await reviews.operatorDownload(review_id, stored.file_id);
    expect(Buffer.from(await operator.arrayBuffer()).equals(LARGE_PDF)).toBe(true);
  });
});
