/** Full page loads go through here so tests can observe them (jsdom cannot navigate). */
export const pageNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
