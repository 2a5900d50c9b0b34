import { describe, expect, it } from 'vitest';
import { stackWidgets, WIDGET_LAYOUT } from './layout';

describe('mission widget stack', () => {
  it('stacks from 178 px above the bottom with 5 px between, collapsed 76 on a phone and 90 from 640 px', () => {
    const items = [
      { id: 1, isOpen: false },
      { id: 2, isOpen: true },
      { id: 3, isOpen: false },
    ];
    expect(stackWidgets(items, { width: 360, height: 740 })).toEqual([
      { id: 1, positionY: 740 - 178 - 76, height: 76 },
      { id: 2, positionY: 740 - 178 - 76 - 5 - 144, height: 144 },
      { id: 3, positionY: 740 - 178 - 76 - 5 - 144 - 5 - 76, height: 76 },
    ]);
    expect(stackWidgets([{ id: 1, isOpen: false }], { width: 640, height: 900 })).toEqual([
      { id: 1, positionY: 900 - 178 - 90, height: 90 },
    ]);
  });

  it('never places a widget above the minimum top: those that do not fit are left out, the first is held at 74', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ id: i, isOpen: true }));
    const placed = stackWidgets(many, { width: 1280, height: 720 });
    expect(placed.length).toBe(3);
    for (const p of placed) expect(p.positionY).toBeGreaterThanOrEqual(WIDGET_LAYOUT.minTop);
    expect(stackWidgets([{ id: 1, isOpen: true }], { width: 360, height: 300 })).toEqual([
      { id: 1, positionY: 74, height: 144 },
    ]);
  });
});
