// @vitest-environment happy-dom
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterFirstPaint } from '../../../src/ui/AfterFirstPaint.tsx';
import { stage, type Stage } from './render.ts';

let page: Stage | null = null;
afterEach(() => {
  page?.unmount();
  page = null;
});

describe('AfterFirstPaint', () => {
  it('commits the content around it first, holding a place, then renders its children in a render of their own', () => {
    page = stage();
    const container = page.container;
    const atFirstCommit: { list: boolean; place: boolean }[] = [];
    // Runs as the first screen is committed, before the browser paints it.
    function FirstScreen() {
      useLayoutEffect(() => {
        atFirstCommit.push({
          list: container.querySelector('[data-testid="list"]') !== null,
          place: container.querySelector('[data-testid="after-first-paint"]') !== null,
        });
      }, []);
      return <h1>Featured</h1>;
    }
    page.render(
      <>
        <FirstScreen />
        <AfterFirstPaint>
          <ul data-testid="list">
            <li>Snake</li>
          </ul>
        </AfterFirstPaint>
      </>,
    );
    expect(atFirstCommit).toEqual([{ list: false, place: true }]);
    // Once React has had its second render, the list stands where the place was.
    expect(container.querySelector('[data-testid="list"]')?.textContent).toBe('Snake');
    expect(container.querySelector('[data-testid="after-first-paint"]')).toBeNull();
  });
});
