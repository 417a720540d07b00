/**
 * The mock provider: an in-memory orchestrator and pod provider, for demos and for the conformance kit's own
 * check. Its two components ({@link dev.orchard.provider.mock.internal.MockProviderComponent} for the default
 * {@code mock}, {@link dev.orchard.provider.mock.internal.MockFactoryComponent} for one instance per factory
 * configuration) are the only classes with OSGi types; they publish a
 * {@link dev.orchard.provider.mock.internal.MockInstance} built from {@code MockConfiguration}.
 *
 * <p>Private to this bundle: nothing outside it may depend on this package. It depends only on the API bundle's
 * packages, the OSGi framework and DS annotations, and slf4j.
 */
package dev.orchard.provider.mock.internal;
