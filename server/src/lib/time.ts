/** Current Unix time in seconds. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
