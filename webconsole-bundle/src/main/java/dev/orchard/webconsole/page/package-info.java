/**
 * What the Orchard console page shows and how, in plain Java: the page's content read from the registries, and its
 * HTML with every value encoded for where it lands.
 *
 * <p>It depends on the API and the OWASP encoder only; the plugin servlet in {@code internal} uses it. It is not
 * exported.
 */
package dev.orchard.webconsole.page;
