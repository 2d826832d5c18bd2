// The routes the top bar's links open by name (000 section 2 "Named routes used by top-bar links"),
// so that code navigates by the name and a path changes in one place. Screen is the full-screen
// fleet wall; Problem and HandBook are the FAQ and the user manual; Vpphub the developer / virtual
// power plant hub; PersonalCenter the user's own account (also a hidden entry of the server menu).
export const NAMED_ROUTES = {
  Screen: '/screen',
  Vpphub: '/vpphub',
  Problem: '/problem',
  HandBook: '/handbook',
  PersonalCenter: '/personal-center',
} as const;

export type RouteName = keyof typeof NAMED_ROUTES;

export const pathOfRoute = (name: RouteName): string => NAMED_ROUTES[name];
