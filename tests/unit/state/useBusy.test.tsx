// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useBusy } from '../../../src/state/useBusy.ts';
import { renderHook, SIGNED_OUT, type HookStage } from './harness.tsx';

let stage: HookStage<ReturnType<typeof useBusy>> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
});

describe('useBusy', () => {
  it('is busy while the action waits, gives its answer, and is free again after a failure too', async () => {
    stage = renderHook(useBusy, SIGNED_OUT);
    const view = stage;
    let finish: (value: string) => void = () => undefined;
    let answer: Promise<string> | null = null;
    act(() => {
      answer = view.current[1](() => new Promise<string>((resolve) => (finish = resolve)));
    });
    expect(view.current[0]).toBe(true);
    await act(async () => {
      finish('done');
      expect(await answer).toBe('done');
    });
    expect(view.current[0]).toBe(false);
    await act(async () => {
      await expect(view.current[1](() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    });
    expect(view.current[0]).toBe(false);
  });
});
