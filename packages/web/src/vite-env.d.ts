/// <reference types="vite/client" />

/** The web app version (shown in the footer), injected from package.json at build. */
declare const __APP_VERSION__: string;
