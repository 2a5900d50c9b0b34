/** The floating widgets' layout constants (spec section 9). */
export const WIDGET_LAYOUT = {
  minTop: 74,
  bottomMargin: 178,
  openHeight: 144,
  collapsedNarrow: 76,
  collapsedWide: 90,
  /** Screens narrower than this get the shorter collapsed widget. */
  narrowBelow: 640,
  spacing: 5,
} as const;

export type Placed = { id: number; positionY: number; height: number };

export const widgetHeight = (isOpen: boolean, viewportWidth: number): number =>
  isOpen
    ? WIDGET_LAYOUT.openHeight
    : viewportWidth < WIDGET_LAYOUT.narrowBelow
      ? WIDGET_LAYOUT.collapsedNarrow
      : WIDGET_LAYOUT.collapsedWide;

/**
 * Stacks the widgets from the bottom: the first sits `bottomMargin` above the bottom of the viewport, each next one
 * `spacing` above the previous. None goes above `minTop`: the first is pushed down to it on a very short screen, and
 * those that no longer fit are left out (the missions list still shows them).
 */
export function stackWidgets(
  items: readonly { id: number; isOpen: boolean }[],
  viewport: { width: number; height: number },
): Placed[] {
  const out: Placed[] = [];
  let bottom = viewport.height - WIDGET_LAYOUT.bottomMargin;
  for (const item of items) {
    const height = widgetHeight(item.isOpen, viewport.width);
    let top = bottom - height;
    if (top < WIDGET_LAYOUT.minTop) {
      if (out.length > 0) break;
      top = WIDGET_LAYOUT.minTop;
    }
    out.push({ id: item.id, positionY: Math.round(top), height });
    bottom = top - WIDGET_LAYOUT.spacing;
  }
  return out;
}
