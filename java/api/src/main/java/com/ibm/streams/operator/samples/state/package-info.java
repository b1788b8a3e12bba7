/** State handlers that IBM's sample patterns use ({@code Counter}). */
package com.ibm.streams.operator.samples.state;
