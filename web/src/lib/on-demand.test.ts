import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand.ts';

function Widget() {
  return null;
}

describe('onDemand', () => {
  it('downloads once, however often it is asked', async () => {
    const load = vi.fn(async () => Widget);
    const widget = onDemand(load);
    expect(widget.loaded()).toBeNull();
    const [first, second] = await Promise.all([widget.preload(), widget.preload()]);
    await widget.preload();
    expect(first).toBe(Widget);
    expect(second).toBe(Widget);
    expect(widget.loaded()).toBe(Widget);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Widget);
    const widget = onDemand(load);
    await expect(widget.preload()).rejects.toThrow('offline');
    expect(widget.loaded()).toBeNull();
    await expect(widget.preload()).resolves.toBe(Widget);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
