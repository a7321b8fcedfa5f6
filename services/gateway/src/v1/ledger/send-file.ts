import type { FastifyReply } from 'fastify';
import { buildExport, type ExportRequest } from '../../http';

/**
 * A listing export through a passthrough reply: headers set here, the body returned for Nest
 * to send (sending it here too would answer twice: FST_ERR_REP_ALREADY_SENT).
 */
export async function exportBody<TKey extends string>(
  reply: FastifyReply,
  request: ExportRequest<TKey>,
): Promise<Buffer> {
  const file = await buildExport(request);
  if (file.truncated) void reply.header('X-Export-Truncated', 'true');
  void reply
    .header('Content-Type', file.content_type)
    .header('Content-Disposition', file.content_disposition)
    .header('Cache-Control', 'no-store');
  return file.body;
}
