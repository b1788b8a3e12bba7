/** The Streams product version ({@code Product.getVersion()}) and version numbers. */
package com.ibm.streams.operator.version;
