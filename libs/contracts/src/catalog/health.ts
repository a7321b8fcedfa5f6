import { z } from 'zod';
import { COMMAND_SERVICES, defineCommand, type CommandService } from './define';

const healthReply = z.object({ service: z.string(), status: z.literal('ok') });

function healthCommand(service: CommandService) {
  return defineCommand({
    name: `${service}.get_health`,
    summary: 'the service answers on the bus',
    request: z.object({}).strict(),
    reply: healthReply,
  });
}

/** `<service>.get_health` of every bus service: readiness probes ask it over the bus. */
export const HEALTH_COMMANDS = Object.fromEntries(
  COMMAND_SERVICES.map((service) => [service, healthCommand(service)]),
) as Record<CommandService, ReturnType<typeof healthCommand>>;
