/** The error modal's open state, shared between the HTTP client and the modal component. */
type Listener = () => void;

const listeners = new Set<Listener>();
let open = false;

const emit = () => listeners.forEach((listener) => listener());

export const errorModal = {
  show() {
    open = true;
    emit();
  },
  hide() {
    open = false;
    emit();
  },
  isOpen: () => open,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
