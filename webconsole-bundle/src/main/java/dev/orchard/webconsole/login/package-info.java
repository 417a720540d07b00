/** The Web Console's login: the HTTP add-on's token and request rules. */
package dev.orchard.webconsole.login;
