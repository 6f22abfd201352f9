/** Types of pg-cluster.mjs, for the TypeScript that imports it (the browser tests, the server benchmark). */
export interface Cluster {
  /** The superuser's URL: postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  dir: string;
  /** Stops the cluster and deletes its folder. */
  stop(): Promise<void>;
}
export declare function findPostgresBin(): string | null;
export declare function startCluster(options?: { maxConnections?: number }): Promise<Cluster>;
/** A TCP port on 127.0.0.1 that nothing listens on now. */
export declare function freePort(): Promise<number>;
