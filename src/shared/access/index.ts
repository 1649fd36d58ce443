// Who may do what, and how far: the roles, the role lists rules need, and the permission table with scopes.
export * from './permissions.js';
export * from './roles.js';
export * from './control.js';
