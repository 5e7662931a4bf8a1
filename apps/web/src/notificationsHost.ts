// A tiny switch the App listens to, so the notifications container (and its animation library) is
// downloaded only when the first toast is about to be shown.
type Listener = () => void;
let wanted = false;
const listeners = new Set<Listener>();

export const notificationsHost = {
  isWanted: () => wanted,
  want() {
    if (wanted) return;
    wanted = true;
    listeners.forEach((l) => l());
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
};
