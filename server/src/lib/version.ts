/** The product version, reported by `/api/status` and the `X-New-Api-Version` header. */
export const version = process.env.npm_package_version ?? '0.1.0';
