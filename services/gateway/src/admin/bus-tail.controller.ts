import { randomUUID } from 'node:crypto';
import { Controller, Get, Inject, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';
import { ValidatedQuery } from '../http';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';
import { OperatorGuard } from './operator.guard';

/** The topics a tail follows unless told otherwise: every service's domain events. */
export const DEFAULT_TAIL_TOPICS = [
  'identity',
  'ledger',
  'payouts',
  'payins',
  'crypto-wallets',
  'compliance',
  'risk-scoring',
  'notifications',
  'cards',
  'banking',
].map((service) => `events.${service}`);

const tailQuery = z.object({ topics: z.string().optional() }).strict();

/**
 * The live bus as NDJSON, for the operator CLI's `events tail`, on either runtime: the gateway
 * joins the bus in a consumer group of its own for as long as the response stays open. A
 * `{"heartbeat": time}` line every EVENTS_STREAM_HEARTBEAT_MS (as the public stream's comments)
 * keeps a quiet tail open through proxies and client idle timeouts.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/bus')
export class BusTailController {
  constructor(
    @Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  @Get('tail')
  async tail(
    @ValidatedQuery(tailQuery) query: z.infer<typeof tailQuery>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const topics = query.topics ? query.topics.split(',').filter(Boolean) : DEFAULT_TAIL_TOPICS;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
    const subscription = await this.context.bus.subscribe({
      topics,
      group: `operator-tail-${randomUUID()}`,
      from_beginning: false,
      handler: async (message) => {
        raw.write(
          `${JSON.stringify({ topic: message.topic, key: message.key, payload: message.payload })}\n`,
        );
      },
    });
    // Tells the client the subscription is in place: what is published from now on will show.
    raw.write(`${JSON.stringify({ tailing: topics })}\n`);
    const heartbeat = setInterval(
      () => raw.write(`${JSON.stringify({ heartbeat: new Date().toISOString() })}\n`),
      this.settings.EVENTS_STREAM_HEARTBEAT_MS,
    );
    raw.once('close', () => {
      clearInterval(heartbeat);
      void subscription.close();
    });
  }
}
