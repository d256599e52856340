type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

let navigator: Navigate | null = null;

/** The router registers its navigate function, so code outside React can route without a reload. */
export function setClientNavigator(navigate: Navigate | null) {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  if (navigator) {
    void navigator(to, options);
  } else if (options?.replace) {
    window.location.replace(to);
  } else {
    window.location.assign(to);
  }
}
