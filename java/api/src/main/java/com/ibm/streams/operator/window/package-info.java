/**
 * Windows on input ports: the window itself, its events and listeners, partitioning, and the
 * stateful listener base class.
 */
package com.ibm.streams.operator.window;
