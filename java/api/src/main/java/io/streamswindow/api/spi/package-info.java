/**
 * The service interfaces through which the IBM API classes reach the streams-window runtime. They
 * are for the runtime, not for operator code.
 */
package io.streamswindow.api.spi;
