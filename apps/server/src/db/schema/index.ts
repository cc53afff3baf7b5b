export * from "./companies.js";
export * from "./connections.js";
export * from "./contacts.js";
export * from "./queues.js";
export * from "./settings.js";
export * from "./tags.js";
export * from "./tickets.js";
export * from "./users.js";
