import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { installLeanAsyncBind } from './lean-async-bind';

describe('installLeanAsyncBind: AsyncResource#bind without the deprecated accessor', () => {
  const node_bind = AsyncResource.prototype.bind;
  beforeAll(() => installLeanAsyncBind());
  afterAll(() => {
    AsyncResource.prototype.bind = node_bind;
  });

  it('replaces the bind of a Node that adds the deprecated `asyncResource` property', () => {
    const with_node_bind = node_bind.call(new AsyncResource('test'), () => undefined);
    const node_adds_it =
      Object.getOwnPropertyDescriptor(with_node_bind, 'asyncResource') !== undefined;
    expect(AsyncResource.prototype.bind !== node_bind).toBe(node_adds_it);
    const bound = AsyncResource.bind(() => undefined);
    expect(Object.getOwnPropertyDescriptor(bound, 'asyncResource')).toBeUndefined();
  });

  it('runs the function in the async context it was bound in, not the one it is called in', () => {
    const storage = new AsyncLocalStorage<string>();
    const bound = storage.run('bound here', () => AsyncResource.bind(() => storage.getStore()));
    expect(storage.run('called here', () => bound())).toBe('bound here');
  });

  it('passes the arguments and the caller’s `this`, returns the result, and keeps `length`', () => {
    function add(this: { base: number }, a: number, b: number): number {
      return this.base + a + b;
    }
    const bound = new AsyncResource('test').bind(add) as unknown as typeof add;
    expect(bound.call({ base: 1 }, 2, 3)).toBe(6);
    expect(bound.length).toBe(2);
    // Node's types leave out bind's second parameter, which Node has (and thisArg binds `this`).
    const bindWithThis = AsyncResource.prototype.bind as unknown as (
      this: AsyncResource,
      fn: typeof add,
      thisArg: { base: number },
    ) => (a: number, b: number) => number;
    const with_this = bindWithThis.call(new AsyncResource('test'), add, { base: 10 });
    expect(with_this(2, 3)).toBe(15);
  });

  it('throws what the function throws, and refuses what is not a function', () => {
    const bound = AsyncResource.bind(() => {
      throw new Error('from the bound function');
    });
    expect(() => bound()).toThrow('from the bound function');
    // By message: another suite of the same worker may have installed the bind from its own
    // module realm, whose TypeError is another constructor.
    expect(() => new AsyncResource('test').bind(42 as unknown as () => void)).toThrow(
      /"fn" argument must be of type function/,
    );
  });

  it('is installed once however often it is called', () => {
    const installed = AsyncResource.prototype.bind;
    installLeanAsyncBind();
    expect(AsyncResource.prototype.bind).toBe(installed);
  });
});
