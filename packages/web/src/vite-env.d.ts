/// <reference types="vite/client" />

/** The web app version ({ip} of SPEC §3), injected from package.json at build. */
declare const __APP_VERSION__: string;
