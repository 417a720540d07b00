/**
 * Checks shared by the API's records. Not exported: only the API bundle's own packages use it, and nothing outside
 * the bundle may depend on it.
 */
package dev.orchard.api.internal;
