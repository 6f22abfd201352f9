/** The API's origin: the worker's own as it starts (`prepare`), then the page's (`start`). */
export interface ServerOrigin {
  url(): string;
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
