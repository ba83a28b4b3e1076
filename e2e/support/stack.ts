/** Ports of the stack the browser tests start (see playwright.config.ts). */
export const API_PORT = 9100;
export const WEB_PORT = 3100;
export const API_URL = `http://127.0.0.1:${API_PORT}`;
