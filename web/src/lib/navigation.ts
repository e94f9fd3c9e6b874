/** Client-side navigation for code outside React (the API client), registered by the router. */
let navigator: ((to: string) => void) | null = null;

/** Registers the router's navigate function. */
export function registerNavigator(navigate: (to: string) => void): void {
  navigator = navigate;
}

/** Goes to `to` without a reload when the router is ready, else with one. */
export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
