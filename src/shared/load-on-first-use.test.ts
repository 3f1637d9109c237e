import { describe, expect, it, vi } from 'vitest';
import { loadOnFirstUse } from './load-on-first-use.ts';

describe('loadOnFirstUse', () => {
  it('loads once, however often it is warmed and asked for', async () => {
    const load = vi.fn(async () => 'schema');
    const schema = loadOnFirstUse(load);
    expect(load).not.toHaveBeenCalled();
    schema.warm();
    schema.warm();
    await expect(schema.get()).resolves.toBe('schema');
    await expect(schema.get()).resolves.toBe('schema');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('schema');
    const schema = loadOnFirstUse(load);
    schema.warm();
    await expect(schema.get()).rejects.toThrow('offline');
    await expect(schema.get()).resolves.toBe('schema');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
