/** A browser tab opened at once and pointed at its address later. */
export interface PendingTab {
  go: (url: string) => void;
  close: () => void;
}

/**
 * Opens an empty tab now, while the click still counts as the person's own gesture: popup blockers refuse
 * a tab opened after an awaited server call. The tab loses its link to this page (no `opener`), since it
 * goes to the payment provider. When a blocker refused it anyway, this page goes to the address itself.
 */
export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go(url) {
      if (tab && !tab.closed) tab.location.href = url;
      else window.location.assign(url);
    },
    close() {
      tab?.close();
    },
  };
}
