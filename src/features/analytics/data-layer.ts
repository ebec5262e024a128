// gtag.js takes over the array at window.dataLayer when it runs and keeps it: after a withdrawal the app feeds a copy.
export function createDataLayer(win: Window) {
  const live = (win.dataLayer ??= []);
  let target = live;
  return {
    push(entry: unknown): void {
      target.push(entry);
    },
    // gtag.js still on its way would take the copy: it goes to window.dataLayer once gtag.js has run or failed.
    detach(gtagSettled: Promise<void> | null): void {
      if (target !== live) return;
      const copy = [...live];
      target = copy;
      const show = () => void (target === copy && (win.dataLayer = copy));
      if (live.push !== Array.prototype.push || !gtagSettled) show();
      else void gtagSettled.then(show);
    },
    attach(): void {
      target = live;
      win.dataLayer = live;
    },
  };
}
