/**
 * The example provider, the model for a third party's provider: {@code HelloOrchestrator}, a fixed-name DS
 * component, and {@code ExampleProviderComponent}, which publishes one {@code ExampleOrchestrator} per factory
 * configuration described by {@code ExampleConfiguration}.
 *
 * <p>Private to this bundle: nothing may depend on it. It depends only on the Orchard API bundle and the OSGi
 * framework and annotations, as a third party's provider does.
 */
package com.example.hello;
