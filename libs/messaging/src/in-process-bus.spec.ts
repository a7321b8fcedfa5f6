import { busContract } from './bus.contract';
import { InProcessBus } from './in-process-bus';

// In-process "replicas" of a test are one bus: it is the whole namespace of the process.
let bus: InProcessBus;
beforeEach(() => {
  bus = new InProcessBus({ retry_backoff: { initial_ms: 5, max_ms: 20 } });
});

busContract('InProcessBus', () => bus);
