/**
 * jsdom 26 has no PointerEvent, so fireEvent.pointerOver(..., { pointerType }) would lose the
 * pointer type the dropdowns look at. A MouseEvent carrying pointerType is enough for them.
 */
export function installPointerEventPolyfill(): void {
  if (typeof window.PointerEvent === 'function') return;
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerType: string;
    readonly pointerId: number;

    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? '';
      this.pointerId = init.pointerId ?? 0;
    }
  }
  Object.defineProperty(window, 'PointerEvent', { configurable: true, writable: true, value: PointerEventPolyfill });
}
