/**
 * The console page inside a framework: the Web Console, the HTTP add-on and the page on the registry and the mock
 * provider, driven with a plain HTTP client; and the HTTP guard's refusal of the console's default login.
 */
package dev.orchard.webconsole.tests;
