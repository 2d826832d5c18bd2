// Pages the floating panel leads to, by their menu paths (server/db/seed/menus.ts).
export const MESSAGE_CENTRE_PATH = '/message';
