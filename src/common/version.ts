/** The engine's version, as reported by `vivace --version`, node announcements and `node_version`. */
export const VERSION = '0.1.0';
