/** The API's origin: the worker's own as it starts (`prepare`), then the page's (`start`). */
export interface ServerOrigin {
  /** The origin requests go to now. */
  url(): string;
  /** The page (or the worker's own location) says where the API is. */
  set(url: string): void;
}

export function createServerOrigin(): ServerOrigin {
  let baseUrl = '';
  return {
    url: () => baseUrl,
    set(url) {
      baseUrl = url;
    },
  };
}
