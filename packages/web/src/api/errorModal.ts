/** The error modal's open state, shared between the HTTP client and the modal component. */
type Listener = () => void;

const listeners = new Set<Listener>();
let open = false;
let reference: string | undefined;

const emit = () => listeners.forEach((listener) => listener());

export const errorModal = {
  /** `requestId`: the failed answer's X-Request-Id, shown as "Reference: …" for a person to quote. */
  show(requestId?: string) {
    open = true;
    reference = requestId;
    emit();
  },
  hide() {
    open = false;
    emit();
  },
  isOpen: () => open,
  reference: () => reference,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
