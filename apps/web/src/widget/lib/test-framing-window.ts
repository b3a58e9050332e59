import { afterEach, beforeEach } from 'vitest';

/** Before each test, a real window (an iframe's) stands in for the page framing the widget; `setUp` receives it. */
export function withFramingWindow(setUp: (parent: Window) => void): void {
  let frame: HTMLIFrameElement;
  beforeEach(() => {
    frame = document.createElement('iframe');
    document.body.appendChild(frame);
    setUp(frame.contentWindow!);
  });
  afterEach(() => frame.remove());
}
