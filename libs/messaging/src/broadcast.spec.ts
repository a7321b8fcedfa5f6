import { broadcastContract } from './broadcast.contract';
import { InProcessBus } from './in-process-bus';

// In-process replicas of a test are one bus: it is the whole namespace of the process.
let bus: InProcessBus;
beforeEach(() => {
  bus = new InProcessBus();
});

broadcastContract('InProcessBus', () => bus);
