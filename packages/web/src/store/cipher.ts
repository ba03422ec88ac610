/**
 * AES-GCM encryption of the saved state with a key generated once per browser. The key is
 * non-extractable and lives in IndexedDB, so the stored text is opaque and the key bytes cannot
 * be read out by script; wiping site data makes old entries unreadable, which counts as empty.
 */
export interface KeyStore {
  load(): Promise<CryptoKey | undefined>;
  save(key: CryptoKey): Promise<void>;
}

const DB_NAME = 'backroom-keys';
const STORE = 'keys';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return request(req);
}

export function indexedDbKeyStore(id: string): KeyStore {
  return {
    async load() {
      const db = await openDb();
      try {
        const key = await request(db.transaction(STORE).objectStore(STORE).get(id));
        return key instanceof CryptoKey ? key : undefined;
      } finally {
        db.close();
      }
    },
    async save(key) {
      const db = await openDb();
      try {
        await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, id));
      } finally {
        db.close();
      }
    },
  };
}

export interface Cipher {
  encrypt(text: string): Promise<string>;
  /** Rejects when the text was not written by this browser's key. */
  decrypt(text: string): Promise<string>;
}

const IV_BYTES = 12;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export function aesGcmCipher(key: CryptoKey): Cipher {
  return {
    async encrypt(text) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)),
      );
      const out = new Uint8Array(IV_BYTES + sealed.length);
      out.set(iv);
      out.set(sealed, IV_BYTES);
      return toBase64(out);
    },
    async decrypt(text) {
      const bytes = fromBase64(text);
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
        key,
        bytes.slice(IV_BYTES),
      );
      return new TextDecoder().decode(plain);
    },
  };
}

export const generateKey = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

/** The browser's key, created on first use. */
export async function loadCipher(store: KeyStore): Promise<Cipher> {
  const existing = await store.load();
  if (existing) return aesGcmCipher(existing);
  const key = await generateKey();
  await store.save(key);
  return aesGcmCipher(key);
}
