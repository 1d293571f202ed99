// esbuild bundles imported CSS into the client's stylesheet (and drops it from the server bundle).
declare module '*.css';
