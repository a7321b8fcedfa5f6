import { EventEmitter } from 'node:events';
import { DeprecationGuard } from './deprecation-guard';

/** A process of its own, so that the test's warnings never reach the worker's guard. */
function fakeProcess(): NodeJS.Process {
  return new EventEmitter() as unknown as NodeJS.Process;
}

function warning(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('DeprecationGuard', () => {
  it('fails, naming the deprecation and where it was used, when one was seen', () => {
    const process_ = fakeProcess();
    const guard = new DeprecationGuard();
    guard.start(process_);
    process_.emit('warning', warning('DeprecationWarning', 'client.query() while busy'));
    expect(() => guard.stop(process_)).toThrow(/deprecated[\s\S]*client\.query\(\) while busy/);
  });

  it('lets other warnings and a clean suite pass', () => {
    const process_ = fakeProcess();
    const guard = new DeprecationGuard();
    guard.start(process_);
    process_.emit('warning', warning('ExperimentalWarning', 'fetch is experimental'));
    expect(() => guard.stop(process_)).not.toThrow();
  });

  it('stops listening when stopped: a later suite is judged by its own warnings', () => {
    const process_ = fakeProcess();
    const guard = new DeprecationGuard();
    guard.start(process_);
    guard.stop(process_);
    expect(process_.listenerCount('warning')).toBe(0);
    process_.emit('warning', warning('DeprecationWarning', 'after the suite'));
    expect(() => guard.stop(process_)).not.toThrow();
  });
});
